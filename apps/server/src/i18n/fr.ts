/** French — the source language. Every other catalog has exactly these keys. */
export const fr = {
  errors: {
    VALIDATION_ERROR: "Les données envoyées sont invalides.",
    NOT_FOUND: "Ressource introuvable.",
    UNAUTHORIZED: "Vous devez être connecté.",
    FORBIDDEN: "Accès refusé.",
    RATE_LIMITED: "Trop de requêtes. Réessayez dans quelques instants.",
    INTERNAL_ERROR: "Une erreur inattendue est survenue.",
    INVALID_CREDENTIALS: "E-mail ou mot de passe incorrect.",
    TOO_MANY_ATTEMPTS:
      "Trop de tentatives de connexion. Réessayez dans {{minutes}} minute(s).",
    NICKNAME_TAKEN: "Ce pseudo est déjà utilisé.",
    NICKNAME_REQUIRED: "Le pseudo est obligatoire.",
    INVALID_NICKNAME: "Le pseudo doit contenir entre 3 et 20 caractères.",
    INVALID_EMAIL: "Adresse e-mail invalide.",
    EMAIL_IN_USE: "Cette adresse e-mail est déjà utilisée.",
    WEAK_PASSWORD:
      "Le mot de passe doit contenir au moins 8 caractères, une majuscule, une minuscule, un chiffre et un caractère spécial.",
    INVALID_TOKEN: "Ce lien n'est plus valide. Demandez-en un nouveau.",
    VERIFICATION_COOLDOWN:
      "Un e-mail vient d'être envoyé. Réessayez dans {{seconds}} secondes.",
    EMAIL_ALREADY_VERIFIED: "Votre adresse e-mail est déjà vérifiée.",
    INVALID_PASSWORD: "Mot de passe actuel incorrect.",
    ADMIN_NOT_SIGNED_IN: "Utilisateur non connecté",
    ADMIN_REQUIRED: "Accès réservé aux administrateurs.",
    ADMIN_ACCESS_REQUIRED: "Saisissez votre code d'accès administrateur.",
    INVALID_ACCESS_CODE: "Code d'accès invalide",
    ACCESS_CODE_TOO_SHORT: "Le code doit contenir au moins 6 caractères",
    ACCESS_CODE_CHANGE_FAILED: "Erreur lors du changement de code",
    ACCESS_CODE_CHECK_FAILED: "Erreur lors de la validation du code",
    EMAIL_NOT_VERIFIED: "Vérifiez votre adresse e-mail pour commencer à miner.",
    MINING_SESSION_ACTIVE: "Une session de minage est déjà active",
    NO_MINING_SESSION: "Aucune session de minage en cours.",
    REFERRAL_CODE_REQUIRED: "Le code de parrainage est obligatoire.",
    REFERRAL_CODE_INVALID: "Code de parrainage invalide.",
    REFERRAL_CODE_OWN: "Vous ne pouvez pas utiliser votre propre code de parrainage.",
    REFERRER_ALREADY_SET: "Vous avez déjà un parrain.",
    REFERRAL_LOOP: "Ce parrainage créerait une boucle.",
  },
  mail: {
    greeting: "Bonjour {{nickname}},",
    signature: "L'équipe FRE",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet e-mail.",
    linkFallback: "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :",
    verifySubject: "FRE — Confirmez votre adresse e-mail",
    verifyIntro:
      "Bienvenue sur FRE ! Confirmez votre adresse e-mail pour commencer à miner.",
    verifyAction: "Confirmer mon e-mail",
    verifyExpiry: "Ce lien est valable 24 heures.",
    resetSubject: "FRE — Réinitialisation de votre mot de passe",
    resetIntro: "Vous avez demandé à réinitialiser votre mot de passe FRE.",
    resetAction: "Choisir un nouveau mot de passe",
    resetExpiry: "Ce lien est valable 1 heure.",
  },
  notifications: {
    mining_session_end: {
      title: "Session de minage terminée",
      message: "Votre session de minage se termine. Réclamez vos gains et relancez le minage !",
    },
    mining_session_claim: {
      title: "Gains réclamés",
      message: "Vous avez réclamé {{amount}} FRE.",
    },
    slot_available: {
      title: "Tour gratuit disponible",
      message: "Votre tour gratuit de machine à sous est disponible !",
    },
    slot_available_bonus: {
      title: "Tours bonus disponibles",
      message: "Vous avez {{count}} tour(s) bonus de parrainage à jouer !",
    },
    referral_active: {
      title: "Filleul actif",
      message: "{{nickname}} mine en ce moment : votre taux augmente.",
    },
    bonus_expiring: {
      title: "Boost bientôt expiré",
      message: "Votre boost de minage expire dans 24 heures.",
    },
    level_up: {
      title: "Niveau validé",
      message: "Bravo ! Vous avez validé le niveau {{level}}.",
    },
    withdrawal_complete: {
      title: "Retrait effectué",
      message: "Votre retrait de {{amount}} FRE a été envoyé.",
    },
    purchase_confirmation: {
      title: "Achat confirmé",
      message: "Votre achat {{item}} est confirmé.",
    },
  },
};

export type Catalog = typeof fr;
