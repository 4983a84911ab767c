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
    HEADERS_TOO_LARGE: "La dirección o las cabeceras de la solicitud son demasiado largas.",
    REQUEST_TIMEOUT: "La solicitud tardó demasiado en llegar. Inténtalo de nuevo.",
    INVALID_CREDENTIALS: "Correo electrónico o contraseña incorrectos.",
    TOO_MANY_ATTEMPTS:
      "Demasiados intentos de inicio de sesión. Inténtalo de nuevo en {unit, select, second {{seconds, plural, one {# segundo} other {# segundos}}} other {{minutes, plural, one {# minuto} other {# minutos}}}}.",
    NICKNAME_TAKEN: "Este apodo ya está en uso.",
    NICKNAME_REQUIRED: "El apodo es obligatorio.",
    INVALID_NICKNAME:
      "El apodo debe tener de 3 a 20 letras, cifras o caracteres _ - . (sin espacios ni emojis).",
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
    REFERRAL_REMIND_TOO_SOON:
      "Ya recordaste a este referido hace menos de 24 horas. Podrás volver a hacerlo en {unit, select, hour {{hours, plural, one {# hora} other {# horas}}} other {{minutes, plural, one {# minuto} other {# minutos}}}}.",
    REFERRAL_ALREADY_MINING: "Este referido ya está minando: no hace falta recordárselo.",
    BONUS_LOGIN_REQUIRED: "Debes iniciar sesión para usar un código de bonificación.",
    BONUS_CODE_INVALID: "Código de bonificación no válido.",
    BONUS_CODE_INACTIVE: "Este código ya no está activo.",
    BONUS_CODE_EXHAUSTED: "Este código ha alcanzado su número máximo de usos.",
    BONUS_CODE_ALREADY_USED: "Ya has usado este código.",
    BONUS_CODE_ERROR: "Se produjo un error al usar el código.",
    BONUS_CODE_EXISTS: "Este código ya existe.",
    BONUS_EMAIL_NOT_VERIFIED: "Verifica tu dirección de correo para usar un código bonus.",
    ALREADY_CLAIMED: "Ya has reclamado la recompensa de hoy: vuelve mañana.",
    DAILY_EMAIL_NOT_VERIFIED: "Verifica tu dirección de correo para reclamar la recompensa diaria.",
    DAILY_ZONE_CHANGE_TOO_SOON: "Ya cambiaste de zona horaria esta semana: un cambio por semana.",
    CIRCLE_EMAIL_NOT_VERIFIED:
      "Verifica tu dirección de correo para formar tu círculo de seguridad.",
    CIRCLE_USER_NOT_FOUND: "Ningún usuario coincide con este apodo o código de referido.",
    CIRCLE_SELF: "No puedes añadirte a tu propio círculo.",
    CIRCLE_MEMBER_EXISTS: "Esta persona ya está en tu círculo.",
    CIRCLE_FULL: "Tu círculo está completo: {{max}} miembros como máximo.",
    CIRCLE_MEMBER_NOT_FOUND: "Esta persona no está en tu círculo.",
    SQUAD_NOT_FOUND: "Este escuadrón no existe.",
    SQUAD_NAME_INVALID:
      "El nombre de un escuadrón tiene de 3 a 20 letras, cifras, _ - ., sin espacios.",
    SQUAD_NAME_TAKEN: "Ya hay un escuadrón con este nombre.",
    SQUAD_LEVEL_REQUIRED: "Alcanza el nivel {{level}} del concurso para crear un escuadrón.",
    ALREADY_IN_SQUAD: "Ya estás en un escuadrón: sal de él primero.",
    SQUAD_COOLDOWN:
      "Saliste de un escuadrón hace menos de 24 horas: podrás unirte a otro en {{hours}} h.",
    SQUAD_CLOSED: "Este escuadrón ya no acepta nuevos miembros.",
    NOT_IN_SQUAD: "No estás en ningún escuadrón.",
    INSUFFICIENT_BALANCE: "Saldo insuficiente.",
    BET_TOO_SMALL: "Apuesta demasiado baja: el mínimo es {{min}} FRE.",
    BET_TOO_LARGE: "Apuesta demasiado alta: el máximo es {{max}} FRE.",
    ROUND_IN_PROGRESS: "Hay una partida en curso: termínala primero.",
    NO_ROUND: "No hay ninguna partida en curso.",
    NO_FREE_SPIN: "No hay giros gratis disponibles: vuelve mañana o invita a un amigo.",
    BAD_DICE_TARGET:
      "Objetivo no válido: elige un número entre {{min}} y {{max}}, con dos decimales como máximo.",
    IDEMPOTENCY_KEY_REUSED: "Esta clave de idempotencia ya se usó para otra solicitud.",
    NO_SESSION_FOR_TIME_REDUCTION:
      "Este código acorta una sesión: primero inicia una sesión de minería.",
    LEVEL_LOCKED: "Valida primero el nivel anterior.",
    LEVEL_ALREADY_VALIDATED: "Este nivel ya está validado.",
    TASK_NOT_OPENED: "Abre primero el enlace de la tarea.",
    TASK_TOO_SOON: "Tómate el tiempo de hacer la tarea y confirma en unos segundos.",
    TASK_NOT_DONE:
      "La tarea aún no está hecha: {reason, select, not_started {abre primero el enlace con el botón de la tarea} too_soon {quédate {{seconds}} s más en la página y luego verifica} not_member {aún no eres miembro del canal} no_telegram {vincula primero tu cuenta de Telegram en el perfil} wallet {vincula primero una billetera TON} kyc {tu verificación de identidad aún no está aprobada} streak {tu racha diaria aún es demasiado corta} referrals {aún no tienes suficientes referidos activos} league {aún no has alcanzado esa liga} check_failed {no se pudo comprobar, inténtalo de nuevo en un momento} other {su condición no se cumple}}.",
    TASK_EXPIRED: "Esta tarea ha terminado: ya no se puede completar.",
    TASK_UNAVAILABLE: "Esta tarea aún no está disponible.",
    TON_PROOF_INVALID:
      "Se rechazó la prueba de propiedad del monedero: {reason, select, signature {la firma es incorrecta} domain {se firmó para otro sitio} expired {es demasiado antigua} payload {el desafío es desconocido, ya se usó o caducó} address {la dirección no corresponde al contrato del monedero} key {la clave pública no coincide} contract {no se reconoce el monedero} other {está mal formada}}.",
    WALLET_IN_USE: "Este monedero ya está vinculado a otra cuenta.",
    SHOP_ITEM_UNAVAILABLE: "Este artículo no está disponible.",
    PACK_ALREADY_OWNED: "Ya tienes este pack.",
    BOX_ALREADY_ACTIVE: "Ya hay una caja activa: podrás comprar otra cuando termine.",
    PAYMENT_IN_FLIGHT: "Ya hay un pago en curso para este pedido: espera su confirmación.",
    ORDER_CLOSED: "Este pedido ya no espera ningún pago.",
    PAYMENT_ALREADY_RESOLVED: "Este pago ya se ha tratado.",
    PAYMENT_COUNTED_IN_PAID_ORDER:
      "Este pago sirvió para un pedido ya pagado: no puede reembolsarse ni concederse por separado.",
    KYC_LOCKED:
      "{status, select, approved {Tu identidad ya está verificada: la solicitud ya no se puede modificar.} other {Tu solicitud está en revisión: no se puede modificar por ahora.}}",
    KYC_INCOMPLETE:
      "Tu solicitud está incompleta. Falta: {identity, select, first {la identidad} next {, la identidad} other {}}{address, select, first {la dirección} next {, la dirección} other {}}{document, select, first {el documento de identidad} next {, el documento de identidad} other {}}{front, select, first {la foto del anverso} next {, la foto del anverso} other {}}{back, select, first {la foto del reverso} next {, la foto del reverso} other {}}{selfie, select, first {el selfie} next {, el selfie} other {}}.",
    KYC_UNDERAGE: "Debes tener al menos 18 años para verificar tu identidad.",
    KYC_FILE_REQUIRED: "No se ha recibido ninguna foto. Elige una imagen para enviar.",
    KYC_FILE_TYPE: "Este archivo no es una foto aceptada: envía una imagen JPEG, PNG o WebP.",
    KYC_FILE_TOO_LARGE: "La foto supera los 10 MB. Envía una imagen más ligera.",
    KYC_NOT_PENDING: "Esta solicitud no está pendiente de revisión.",
    KYC_REQUIRED: "Verifica tu identidad (KYC) para poder retirar tus FRE.",
    KYC_RECHECK_REQUIRED:
      "Se necesita una nueva verificación de identidad (KYC) antes de tu próximo retiro.",
    RISK_RUN_BUSY: "El cálculo de riesgos ya está en curso: inténtalo de nuevo en unos minutos.",
    WALLET_REQUIRED: "Conecta primero un monedero TON para recibir tus FRE.",
    AMOUNT_BELOW_MINIMUM: "El retiro mínimo es de {{minimum}} FRE.",
    WITHDRAWAL_PENDING: "Ya tienes un retiro en curso: espera a que se procese o cancélalo.",
    WITHDRAWAL_NOT_PENDING: "Este retiro ya no está pendiente: no se puede modificar.",
    WALLET_WITHDRAWAL_ACTIVE:
      "Hay un retiro en curso hacia este monedero: podrás desconectarlo cuando el retiro termine o se cancele.",
    WITHDRAWALS_UNAVAILABLE:
      "Los retiros están suspendidos por el momento. Tus FRE siguen en tu saldo; inténtalo más tarde.",
    ACCOUNT_SUSPENDED:
      "Tu cuenta está suspendida. Si crees que es un error, escribe al soporte a {{email}} desde la dirección de tu cuenta: no hace falta iniciar sesión.",
    SELF_ACTION_FORBIDDEN: "No puedes hacer esto con tu propia cuenta.",
    FEATURE_DISABLED: "Esta función está desactivada por ahora. Inténtalo más tarde.",
    TELEGRAM_DISABLED: "El inicio de sesión con Telegram no está disponible en este servidor.",
    TELEGRAM_INIT_DATA_INVALID:
      "Telegram no pudo confirmar tu identidad. Vuelve a abrir FRE desde Telegram.",
    TELEGRAM_INIT_DATA_EXPIRED:
      "Tu sesión de Telegram ha caducado. Cierra FRE y vuelve a abrirlo desde Telegram.",
    TELEGRAM_INIT_DATA_USED:
      "Esta apertura desde Telegram ya se usó. Cierra FRE y vuelve a abrirlo desde Telegram.",
    TELEGRAM_EMAIL_ALREADY_SET: "Esta cuenta ya tiene una dirección de correo.",
    TELEGRAM_ALREADY_LINKED:
      "Esta cuenta de Telegram ya está vinculada a otra cuenta de FRE (o esta cuenta a otro Telegram).",
    CHALLENGE_REQUIRED:
      "Se requiere la verificación antibots: espere a que termine y vuelva a intentarlo.",
    CHALLENGE_INVALID: "La verificación antibots falló o caducó: vuelva a hacerla.",
    LIMITS_UNAVAILABLE:
      "El servicio no está disponible por un momento. Inténtelo de nuevo en unos segundos.",
    MAINTENANCE:
      "FRE está en mantenimiento. Tus FRE están seguros; inténtalo de nuevo en unos minutos.",
    SELF_REVIEW_FORBIDDEN:
      "No puedes decidir tu propia solicitud: otro administrador debe encargarse.",
    SECOND_APPROVER_REQUIRED:
      "Este retiro supera el umbral: un segundo administrador, distinto del primero, debe aprobarlo.",
    ERASURE_WITHDRAWAL_PENDING:
      "Hay un retiro en curso: podrás eliminar tu cuenta cuando termine o se cancele.",
    LAST_ADMIN:
      "No quedaría ningún administrador activo: nombra antes a otro administrador y vuelve a intentarlo.",
    ADMIN_GRANT_NOT_PENDING:
      "Esta solicitud de rol de administrador ya no está pendiente (confirmada, cancelada, caducada, o quien la pidió ya no es administrador): recarga la página.",
    ADMIN_GRANT_NOT_INDEPENDENT:
      "Tú y el administrador que la pidió participasteis en el nombramiento del otro: otro administrador debe confirmarla.",
    AD_IMAGE_INVALID:
      "No se pudo leer esta imagen. Envía una imagen JPEG, PNG o WebP de 5 MB como máximo.",
    WITHDRAWAL_STATE_CHANGED:
      "Este retiro cambió desde que se mostró (otro administrador actuó): recarga la lista y compruébalo antes de decidir.",
  },
  mail: {
    purchaseSubject: "FRE — Compra confirmada",
    purchaseIntro:
      "Tu pago de «{{itemName}}» ha llegado: tu velocidad de minado gana +{{bonus}} FRE/h.",
    purchaseAction: "Ver la tienda",
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
    supportSubject: "FRE — Hemos recibido tu solicitud",
    supportIntro:
      "Tu solicitud «{{subject}}» está registrada. Te responderemos en la aplicación, en Soporte.",
    supportAction: "Seguir mi solicitud",
    supportAnsweredSubject: "FRE — Respuesta a tu solicitud",
    supportAnsweredIntro: "El equipo de FRE ha respondido a tu solicitud «{{subject}}».",
    kycApprovedSubject: "FRE — Identidad verificada",
    kycApprovedIntro:
      "Buenas noticias: tu identidad está verificada. Ya puedes retirar tus FRE a tu monedero TON.",
    kycApprovedAction: "Ver mi estado",
    kycRejectedSubject: "FRE — Verificación de identidad rechazada",
    kycRejectedIntro:
      "Tu verificación de identidad ha sido rechazada por el motivo indicado abajo. Puedes corregir tu solicitud y enviarla de nuevo.",
    kycRejectedAction: "Retomar mi verificación",
    withdrawalCompletedSubject: "FRE — Retiro enviado",
    withdrawalCompletedIntro:
      "Tu retiro de {{amount}} FRE se ha enviado a tu monedero TON {{wallet}}.",
    withdrawalRejectedSubject: "FRE — Retiro rechazado",
    withdrawalRejectedIntro:
      "Tu solicitud de retiro de {{amount}} FRE fue rechazada por el motivo indicado abajo. Los FRE se han devuelto a tu saldo.",
    withdrawalFailedSubject: "FRE — Retiro fallido",
    withdrawalFailedIntro:
      "El envío de tu retiro de {{amount}} FRE ha fallado. Los FRE se han devuelto a tu saldo: puedes solicitarlo de nuevo.",
    withdrawalAction: "Ver mi monedero",
  },
  notifications: {
    league_result: {
      title: "Resultado de la liga",
      message:
        "Semana terminada: {{rank}}/{{size}} de tu grupo en la liga {league, select, bronze {Bronce} silver {Plata} gold {Oro} platinum {Platino} other {Diamante}}.{rewarded, select, yes { +{{amount}} FRE ganados.} other {}} {outcome, select, promoted {Ascenso: liga {next, select, bronze {Bronce} silver {Plata} gold {Oro} platinum {Platino} other {Diamante}} esta semana.} demoted {Descenso: liga {next, select, bronze {Bronce} silver {Plata} gold {Oro} platinum {Platino} other {Diamante}} esta semana.} other {Sigues en la liga {next, select, bronze {Bronce} silver {Plata} gold {Oro} platinum {Platino} other {Diamante}}.}}",
    },
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
      message:
        "¡Tienes {count, plural, one {# tirada extra} other {# tiradas extra}} por referidos!",
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
    support_answer: {
      title: "Respuesta del soporte",
      message: "El equipo de FRE respondió a tu solicitud «{{subject}}».",
    },
    referral_reminder: {
      title: "Tu padrino te espera",
      message:
        "{{nickname}} te recuerda que inicies tu sesión de minado: tus FRE se acumulan incluso con la aplicación cerrada.",
    },
    withdrawal_complete: {
      title: "Retiro enviado",
      message: "Tu retiro de {{amount}} FRE ha sido enviado.",
    },
    purchase_confirmation: {
      title: "Compra confirmada",
      message: "Tu compra «{{itemName}}» está confirmada.",
    },
    kyc_decision: {
      title: "{decision, select, approved {Identidad verificada} other {Verificación rechazada}}",
      message:
        "{decision, select, approved {Tu identidad está verificada: los retiros están desbloqueados.} other {Tu verificación de identidad ha sido rechazada. Consulta el motivo y vuelve a intentarlo.}}",
    },
    daily_reminder: {
      title: "Tu recompensa diaria te espera",
      message: "¡Reclámala antes de medianoche para mantener tu racha!",
    },
  },
  /** The shop's items by id, named as the shop screen names them (shop.json item.*). */
  shopItems: {
    FRE1: "Pack FRE1",
    FRE3: "Pack FRE3",
    FRE5: "Pack FRE5",
    BOX7: "Caja de 7 días",
    BOX15: "Caja de 15 días",
    BOX22: "Caja de 22 días",
    BOX30: "Caja de 30 días",
    other: "Artículo de la tienda",
  },
};
