import type { Catalog } from "./fr.ts";

export const es: Catalog = {
  errors: {
    VALIDATION_ERROR: "Los datos enviados no son válidos.",
    NOT_FOUND: "Recurso no encontrado.",
    UNAUTHORIZED: "Debes iniciar sesión.",
    FORBIDDEN: "Acceso denegado.",
    RATE_LIMITED: "Demasiadas solicitudes. Inténtalo de nuevo en unos instantes.",
    INTERNAL_ERROR: "Se ha producido un error inesperado.",
    PAYLOAD_TOO_LARGE: "La solicitud es demasiado grande.",
    UNSUPPORTED_MEDIA_TYPE: "Formato de solicitud no admitido (se espera JSON).",
    INVALID_CREDENTIALS: "Correo electrónico o contraseña incorrectos.",
    TOO_MANY_ATTEMPTS:
      "Demasiados intentos de inicio de sesión. Inténtalo de nuevo en {{minutes}} minuto(s).",
    NICKNAME_TAKEN: "Este apodo ya está en uso.",
    NICKNAME_REQUIRED: "El apodo es obligatorio.",
    INVALID_NICKNAME: "El apodo debe tener entre 3 y 20 caracteres.",
    INVALID_EMAIL: "Dirección de correo electrónico no válida.",
    EMAIL_IN_USE: "Esta dirección de correo electrónico ya está en uso.",
    WEAK_PASSWORD:
      "La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula, un número y un carácter especial.",
    INVALID_TOKEN: "Este enlace ya no es válido. Solicita uno nuevo.",
    VERIFICATION_COOLDOWN:
      "Acabamos de enviarte un correo. Inténtalo de nuevo en {{seconds}} segundos.",
    EMAIL_ALREADY_VERIFIED: "Tu dirección de correo electrónico ya está verificada.",
    INVALID_PASSWORD: "La contraseña actual es incorrecta.",
    ADMIN_NOT_SIGNED_IN: "Usuario no conectado",
    ADMIN_REQUIRED: "Acceso reservado a los administradores.",
    ADMIN_ACCESS_REQUIRED: "Introduce tu código de acceso de administrador.",
    INVALID_ACCESS_CODE: "Código de acceso no válido",
    ACCESS_CODE_TOO_SHORT: "El código debe tener al menos 6 caracteres",
    ACCESS_CODE_CHANGE_FAILED: "Error al cambiar el código",
    ACCESS_CODE_CHECK_FAILED: "Error al validar el código",
    EMAIL_NOT_VERIFIED: "Verifica tu dirección de correo para empezar a minar.",
    MINING_SESSION_ACTIVE: "Ya hay una sesión de minería activa",
    NO_MINING_SESSION: "No hay ninguna sesión de minería en curso.",
    REFERRAL_CODE_REQUIRED: "El código de referido es obligatorio.",
    REFERRAL_CODE_INVALID: "Código de referido no válido.",
    REFERRAL_CODE_OWN: "No puedes usar tu propio código de referido.",
    REFERRER_ALREADY_SET: "Ya tienes un padrino.",
    REFERRAL_LOOP: "Este referido crearía un bucle.",
    BONUS_LOGIN_REQUIRED: "Debes iniciar sesión para usar un código de bonificación.",
    BONUS_CODE_INVALID: "Código de bonificación no válido.",
    BONUS_CODE_INACTIVE: "Este código ya no está activo.",
    BONUS_CODE_EXHAUSTED: "Este código ha alcanzado su número máximo de usos.",
    BONUS_CODE_ALREADY_USED: "Ya has usado este código.",
    BONUS_CODE_ERROR: "Se produjo un error al usar el código.",
    BONUS_CODE_EXISTS: "Este código ya existe.",
    NO_SESSION_FOR_TIME_REDUCTION:
      "Este código acorta una sesión: primero inicia una sesión de minería.",
  },
  mail: {
    greeting: "Hola, {{nickname}}:",
    signature: "El equipo de FRE",
    ignore: "Si no has hecho esta solicitud, simplemente ignora este correo.",
    linkFallback: "Si el botón no funciona, copia este enlace en tu navegador:",
    verifySubject: "FRE — Confirma tu dirección de correo electrónico",
    verifyIntro:
      "¡Bienvenido a FRE! Confirma tu dirección de correo electrónico para empezar a minar.",
    verifyAction: "Confirmar mi correo",
    verifyExpiry: "Este enlace es válido durante 24 horas.",
    resetSubject: "FRE — Restablecimiento de tu contraseña",
    resetIntro: "Has solicitado restablecer tu contraseña de FRE.",
    resetAction: "Elegir una nueva contraseña",
    resetExpiry: "Este enlace es válido durante 1 hora.",
  },
  notifications: {
    mining_session_end: {
      title: "Sesión de minería terminada",
      message: "Tu sesión de minería termina. ¡Reclama tus ganancias y vuelve a minar!",
    },
    mining_session_claim: {
      title: "Ganancias reclamadas",
      message: "Has reclamado {{amount}} FRE.",
    },
    slot_available: {
      title: "Tirada gratis disponible",
      message: "¡Tu tirada gratis de la tragaperras está disponible!",
    },
    slot_available_bonus: {
      title: "Tiradas extra disponibles",
      message: "¡Tienes {{count}} tirada(s) extra por referidos!",
    },
    referral_active: {
      title: "Referido activo",
      message: "{{nickname}} está minando ahora: tu tasa sube.",
    },
    bonus_expiring: {
      title: "Boost a punto de caducar",
      message: "Tu boost de minería caduca en 24 horas.",
    },
    level_up: {
      title: "Nivel validado",
      message: "¡Enhorabuena! Has validado el nivel {{level}}.",
    },
    withdrawal_complete: {
      title: "Retiro enviado",
      message: "Tu retiro de {{amount}} FRE ha sido enviado.",
    },
    purchase_confirmation: {
      title: "Compra confirmada",
      message: "Tu compra {{item}} está confirmada.",
    },
  },
};
