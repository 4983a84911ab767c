/** French — the source language. Every other catalog has exactly these keys. */
export const fr = {
  errors: {
    VALIDATION_ERROR: "Les données envoyées sont invalides.",
    NOT_FOUND: "Ressource introuvable.",
    UNAUTHORIZED: "Vous devez être connecté.",
    FORBIDDEN: "Accès refusé.",
    RATE_LIMITED: "Trop de requêtes. Réessayez dans quelques instants.",
    INTERNAL_ERROR: "Une erreur inattendue est survenue.",
    PAYLOAD_TOO_LARGE: "La requête est trop volumineuse.",
    UNSUPPORTED_MEDIA_TYPE: "Format de requête non pris en charge (JSON attendu).",
    HEADERS_TOO_LARGE: "L'adresse ou les en-têtes de la requête sont trop longs.",
    REQUEST_TIMEOUT: "La requête a mis trop de temps à arriver. Réessayez.",
    INVALID_CREDENTIALS: "E-mail ou mot de passe incorrect.",
    TOO_MANY_ATTEMPTS:
      "Trop de tentatives de connexion. Réessayez dans {unit, select, second {{seconds, plural, one {# seconde} other {# secondes}}} other {{minutes, plural, one {# minute} other {# minutes}}}}.",
    NICKNAME_TAKEN: "Ce pseudo est déjà utilisé.",
    NICKNAME_REQUIRED: "Le pseudo est obligatoire.",
    INVALID_NICKNAME:
      "Le pseudo doit contenir 3 à 20 lettres, chiffres ou caractères _ - . (sans espace ni emoji).",
    INVALID_EMAIL: "Adresse e-mail invalide.",
    EMAIL_IN_USE: "Cette adresse e-mail est déjà utilisée.",
    WEAK_PASSWORD:
      "Le mot de passe doit contenir au moins 8 caractères, une majuscule, une minuscule, un chiffre et un caractère spécial.",
    INVALID_TOKEN: "Ce lien n'est plus valide. Demandez-en un nouveau.",
    VERIFICATION_COOLDOWN: "Un e-mail vient d'être envoyé. Réessayez dans {{seconds}} secondes.",
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
    REFERRAL_REMIND_TOO_SOON:
      "Vous avez déjà rappelé ce filleul il y a moins de 24 heures. Nouveau rappel possible dans {unit, select, hour {{hours, plural, one {# heure} other {# heures}}} other {{minutes, plural, one {# minute} other {# minutes}}}}.",
    REFERRAL_ALREADY_MINING: "Ce filleul mine déjà en ce moment : inutile de le rappeler.",
    BONUS_LOGIN_REQUIRED: "Vous devez être connecté pour utiliser un code bonus.",
    BONUS_CODE_INVALID: "Code bonus invalide.",
    BONUS_CODE_INACTIVE: "Ce code n'est plus actif.",
    BONUS_CODE_EXHAUSTED: "Ce code a atteint son nombre maximum d'utilisations.",
    BONUS_CODE_ALREADY_USED: "Vous avez déjà utilisé ce code.",
    BONUS_CODE_ERROR: "Une erreur est survenue lors de l'utilisation du code.",
    BONUS_CODE_EXISTS: "Ce code existe déjà.",
    BONUS_EMAIL_NOT_VERIFIED: "Vérifiez votre adresse e-mail pour utiliser un code bonus.",
    ALREADY_CLAIMED: "Vous avez déjà réclamé votre récompense du jour : revenez demain.",
    DAILY_EMAIL_NOT_VERIFIED:
      "Vérifiez votre adresse e-mail pour réclamer la récompense quotidienne.",
    DAILY_ZONE_CHANGE_TOO_SOON:
      "Vous avez déjà changé de fuseau horaire cette semaine : un seul changement par semaine.",
    CIRCLE_EMAIL_NOT_VERIFIED:
      "Vérifiez votre adresse e-mail pour composer votre cercle de sécurité.",
    CIRCLE_USER_NOT_FOUND:
      "Aucun utilisateur ne correspond à ce pseudo ou à ce code de parrainage.",
    CIRCLE_SELF: "Vous ne pouvez pas vous ajouter à votre propre cercle.",
    CIRCLE_MEMBER_EXISTS: "Cette personne fait déjà partie de votre cercle.",
    CIRCLE_FULL: "Votre cercle est complet : {{max}} membres au plus.",
    CIRCLE_MEMBER_NOT_FOUND: "Cette personne ne fait pas partie de votre cercle.",
    SQUAD_NOT_FOUND: "Cette escouade n’existe pas.",
    SQUAD_NAME_INVALID: "Un nom d’escouade compte 3 à 20 lettres, chiffres, _ - ., sans espace.",
    SQUAD_NAME_TAKEN: "Une escouade porte déjà ce nom.",
    SQUAD_LEVEL_REQUIRED: "Atteignez le niveau {{level}} du concours pour créer une escouade.",
    ALREADY_IN_SQUAD: "Vous êtes déjà dans une escouade : quittez-la d’abord.",
    SQUAD_COOLDOWN:
      "Vous avez quitté une escouade il y a moins de 24 heures : vous pourrez en rejoindre une autre dans {{hours}} h.",
    SQUAD_CLOSED: "Cette escouade n’accepte plus de nouveaux membres.",
    NOT_IN_SQUAD: "Vous n’êtes dans aucune escouade.",
    INSUFFICIENT_BALANCE: "Solde insuffisant.",
    BET_TOO_SMALL: "Mise trop faible : le minimum est de {{min}} FRE.",
    BET_TOO_LARGE: "Mise trop élevée : le maximum est de {{max}} FRE.",
    ROUND_IN_PROGRESS: "Une partie est en cours : terminez-la d'abord.",
    NO_ROUND: "Aucune partie en cours.",
    NO_FREE_SPIN: "Aucun tour gratuit disponible : revenez demain ou parrainez un ami.",
    BAD_DICE_TARGET:
      "Cible invalide : choisissez un nombre entre {{min}} et {{max}}, avec au plus deux décimales.",
    IDEMPOTENCY_KEY_REUSED: "Cette clé d'idempotence a déjà servi pour une autre requête.",
    NO_SESSION_FOR_TIME_REDUCTION:
      "Ce code réduit la durée d'une session : lancez d'abord une session de minage.",
    LEVEL_LOCKED: "Validez d'abord le niveau précédent.",
    LEVEL_ALREADY_VALIDATED: "Ce niveau est déjà validé.",
    TASK_NOT_OPENED: "Ouvrez d'abord le lien de la tâche.",
    TASK_TOO_SOON: "Prenez le temps de réaliser la tâche, puis confirmez dans quelques secondes.",
    TASK_NOT_DONE:
      "La tâche n'est pas encore accomplie : {reason, select, not_started {ouvrez d'abord le lien avec le bouton de la tâche} too_soon {restez encore {{seconds}} s sur la page, puis vérifiez} not_member {vous n'êtes pas encore membre du canal} no_telegram {liez d'abord votre compte Telegram dans le profil} wallet {liez d'abord un portefeuille TON} kyc {votre vérification d'identité n'est pas encore approuvée} streak {votre série de connexions quotidiennes est encore trop courte} referrals {vous n'avez pas encore assez de filleuls actifs} league {vous n'avez pas encore atteint cette ligue} check_failed {la vérification n'a pas pu se faire, réessayez dans un instant} other {la condition n'est pas remplie}}.",
    TASK_EXPIRED: "Cette tâche est terminée : elle ne peut plus être accomplie.",
    TASK_UNAVAILABLE: "Cette tâche n'est pas encore disponible.",
    TON_PROOF_INVALID:
      "La preuve de propriété du portefeuille est refusée : {reason, select, signature {la signature est incorrecte} domain {elle a été signée pour un autre site} expired {elle est trop ancienne} payload {le défi est inconnu, déjà utilisé ou expiré} address {l'adresse ne correspond pas au contrat du portefeuille} key {la clé publique ne correspond pas} contract {le portefeuille n'est pas reconnu} other {elle est mal formée}}.",
    WALLET_IN_USE: "Ce portefeuille est déjà lié à un autre compte.",
    SHOP_ITEM_UNAVAILABLE: "Cet article n'est pas disponible.",
    PACK_ALREADY_OWNED: "Vous possédez déjà ce pack.",
    BOX_ALREADY_ACTIVE: "Une boîte est déjà active : vous pourrez en acheter une autre à sa fin.",
    PAYMENT_IN_FLIGHT:
      "Un paiement de cette commande est déjà en cours : attendez sa confirmation.",
    ORDER_CLOSED: "Cette commande n'attend plus de paiement.",
    PAYMENT_ALREADY_RESOLVED: "Ce paiement a déjà été traité.",
    PAYMENT_COUNTED_IN_PAID_ORDER:
      "Ce paiement a servi à régler une commande payée : il ne peut être ni remboursé ni accordé à part.",
    KYC_LOCKED:
      "{status, select, approved {Votre identité est déjà vérifiée : le dossier ne peut plus être modifié.} other {Votre dossier est en cours d'examen : il ne peut pas être modifié pour l'instant.}}",
    KYC_INCOMPLETE:
      "Votre dossier est incomplet. Il manque : {identity, select, first {l'identité} next {, l'identité} other {}}{address, select, first {l'adresse} next {, l'adresse} other {}}{document, select, first {la pièce d'identité} next {, la pièce d'identité} other {}}{front, select, first {la photo recto} next {, la photo recto} other {}}{back, select, first {la photo verso} next {, la photo verso} other {}}{selfie, select, first {le selfie} next {, le selfie} other {}}.",
    KYC_UNDERAGE: "Vous devez avoir au moins 18 ans pour faire vérifier votre identité.",
    KYC_FILE_REQUIRED: "Aucune photo reçue. Choisissez une image à envoyer.",
    KYC_FILE_TYPE: "Ce fichier n'est pas une photo acceptée : envoyez une image JPEG, PNG ou WebP.",
    KYC_FILE_TOO_LARGE: "La photo dépasse 10 Mo. Envoyez une image plus légère.",
    KYC_NOT_PENDING: "Ce dossier n'est pas en attente d'examen.",
    KYC_REQUIRED: "Vérifiez votre identité (KYC) pour pouvoir retirer vos FRE.",
    KYC_RECHECK_REQUIRED:
      "Une nouvelle vérification d'identité (KYC) est nécessaire avant votre prochain retrait.",
    RISK_RUN_BUSY: "Le calcul des risques est déjà en cours : réessayez dans quelques minutes.",
    WALLET_REQUIRED: "Connectez d'abord un portefeuille TON pour recevoir vos FRE.",
    AMOUNT_BELOW_MINIMUM: "Le montant minimum de retrait est de {{minimum}} FRE.",
    WITHDRAWAL_PENDING:
      "Vous avez déjà une demande de retrait en cours : attendez son traitement ou annulez-la.",
    WITHDRAWAL_NOT_PENDING: "Ce retrait n'est plus en attente : il ne peut plus être modifié.",
    WALLET_WITHDRAWAL_ACTIVE:
      "Un retrait vers ce portefeuille est en cours : vous pourrez le déconnecter une fois le retrait terminé ou annulé.",
    WITHDRAWALS_UNAVAILABLE:
      "Les retraits sont momentanément suspendus. Vos FRE restent sur votre solde ; réessayez plus tard.",
    ACCOUNT_SUSPENDED:
      "Votre compte est suspendu. Si vous pensez qu'il s'agit d'une erreur, écrivez au support à {{email}} depuis l'adresse de votre compte : pas besoin de vous connecter.",
    SELF_ACTION_FORBIDDEN: "Vous ne pouvez pas faire cela sur votre propre compte.",
    FEATURE_DISABLED: "Cette fonctionnalité est momentanément désactivée. Réessayez plus tard.",
    TELEGRAM_DISABLED: "La connexion avec Telegram n'est pas disponible sur ce serveur.",
    TELEGRAM_INIT_DATA_INVALID:
      "Telegram n'a pas pu confirmer votre identité. Rouvrez FRE depuis Telegram.",
    TELEGRAM_INIT_DATA_EXPIRED:
      "Votre session Telegram a expiré. Fermez et rouvrez FRE depuis Telegram.",
    TELEGRAM_INIT_DATA_USED:
      "Cette ouverture depuis Telegram a déjà servi. Fermez et rouvrez FRE depuis Telegram.",
    TELEGRAM_EMAIL_ALREADY_SET: "Ce compte a déjà une adresse e-mail.",
    TELEGRAM_ALREADY_LINKED:
      "Ce compte Telegram est déjà lié à un autre compte FRE (ou ce compte à un autre Telegram).",
    CHALLENGE_REQUIRED:
      "La vérification anti-robot est requise : patientez pendant qu’elle se termine, puis réessayez.",
    CHALLENGE_INVALID: "La vérification anti-robot a échoué ou a expiré : recommencez-la.",
    LIMITS_UNAVAILABLE:
      "Le service est momentanément indisponible. Réessayez dans quelques secondes.",
    MAINTENANCE:
      "FRE est en maintenance. Vos FRE sont en sécurité ; réessayez dans quelques minutes.",
    SELF_REVIEW_FORBIDDEN:
      "Vous ne pouvez pas traiter votre propre demande : un autre administrateur doit s'en charger.",
    SECOND_APPROVER_REQUIRED:
      "Ce retrait dépasse le seuil : un second administrateur, différent du premier, doit l'approuver.",
    ERASURE_WITHDRAWAL_PENDING:
      "Un retrait est en cours : vous pourrez supprimer votre compte une fois le retrait terminé ou annulé.",
    LAST_ADMIN:
      "Il ne resterait aucun administrateur actif : nommez d'abord un autre administrateur, puis réessayez.",
    ADMIN_GRANT_NOT_PENDING:
      "Cette demande de rôle administrateur n'est plus en attente (confirmée, annulée, expirée, ou son auteur n'est plus administrateur) : rechargez la page.",
    ADMIN_GRANT_NOT_INDEPENDENT:
      "L'administrateur qui a fait la demande et vous avez pris part à la nomination l'un de l'autre : un autre administrateur doit la confirmer.",
    AD_IMAGE_INVALID:
      "Cette image n'a pas pu être lue. Envoyez une image JPEG, PNG ou WebP de 5 Mo au plus.",
    WITHDRAWAL_STATE_CHANGED:
      "Ce retrait a changé depuis son affichage (un autre administrateur l'a traité) : rechargez la liste et vérifiez avant de décider.",
  },
  mail: {
    purchaseSubject: "FRE — Achat confirmé",
    purchaseIntro:
      "Votre paiement pour « {{itemName}} » est bien arrivé : votre vitesse de minage gagne +{{bonus}} FRE/h.",
    purchaseAction: "Voir ma boutique",
    greeting: "Bonjour {{nickname}},",
    signature: "L'équipe FRE",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet e-mail.",
    linkFallback: "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :",
    verifySubject: "FRE — Confirmez votre adresse e-mail",
    verifyIntro: "Bienvenue sur FRE ! Confirmez votre adresse e-mail pour commencer à miner.",
    verifyAction: "Confirmer mon e-mail",
    verifyExpiry: "Ce lien est valable 24 heures.",
    resetSubject: "FRE — Réinitialisation de votre mot de passe",
    resetIntro: "Vous avez demandé à réinitialiser votre mot de passe FRE.",
    resetAction: "Choisir un nouveau mot de passe",
    resetExpiry: "Ce lien est valable 1 heure.",
    supportSubject: "FRE — Nous avons bien reçu votre demande",
    supportIntro:
      "Votre demande « {{subject}} » est enregistrée. Nous vous répondrons dans l'application, rubrique Support.",
    supportAction: "Suivre ma demande",
    supportAnsweredSubject: "FRE — Réponse à votre demande",
    supportAnsweredIntro: "L'équipe FRE a répondu à votre demande « {{subject}} ».",
    kycApprovedSubject: "FRE — Identité vérifiée",
    kycApprovedIntro:
      "Bonne nouvelle : votre identité est vérifiée. Vous pouvez maintenant retirer vos FRE vers votre portefeuille TON.",
    kycApprovedAction: "Voir mon statut",
    kycRejectedSubject: "FRE — Vérification d'identité refusée",
    kycRejectedIntro:
      "Votre demande de vérification d'identité a été refusée pour la raison ci-dessous. Vous pouvez corriger votre dossier et le soumettre à nouveau.",
    kycRejectedAction: "Reprendre ma vérification",
    withdrawalCompletedSubject: "FRE — Retrait effectué",
    withdrawalCompletedIntro:
      "Votre retrait de {{amount}} FRE a été envoyé vers votre portefeuille TON {{wallet}}.",
    withdrawalRejectedSubject: "FRE — Retrait refusé",
    withdrawalRejectedIntro:
      "Votre demande de retrait de {{amount}} FRE a été refusée pour la raison ci-dessous. Les FRE ont été recrédités sur votre solde.",
    withdrawalFailedSubject: "FRE — Échec du retrait",
    withdrawalFailedIntro:
      "L'envoi de votre retrait de {{amount}} FRE a échoué. Les FRE ont été recrédités sur votre solde : vous pouvez refaire une demande.",
    withdrawalAction: "Voir mon portefeuille",
  },
  notifications: {
    league_result: {
      title: "Résultat de la ligue",
      message:
        "Semaine terminée : {{rank}}/{{size}} de votre groupe en ligue {league, select, bronze {Bronze} silver {Argent} gold {Or} platinum {Platine} other {Diamant}}.{rewarded, select, yes { +{{amount}} FRE gagnés.} other {}} {outcome, select, promoted {Promotion : ligue {next, select, bronze {Bronze} silver {Argent} gold {Or} platinum {Platine} other {Diamant}} cette semaine !} demoted {Relégation : ligue {next, select, bronze {Bronze} silver {Argent} gold {Or} platinum {Platine} other {Diamant}} cette semaine.} other {Vous restez en ligue {next, select, bronze {Bronze} silver {Argent} gold {Or} platinum {Platine} other {Diamant}}.}}",
    },
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
      message:
        "Vous avez {count, plural, one {# tour bonus} other {# tours bonus}} de parrainage à jouer !",
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
    support_answer: {
      title: "Réponse du support",
      message: "L'équipe FRE a répondu à votre demande « {{subject}} ».",
    },
    referral_reminder: {
      title: "Votre parrain vous attend",
      message:
        "{{nickname}} vous rappelle de lancer votre session de minage : vos FRE s'accumulent même application fermée.",
    },
    withdrawal_complete: {
      title: "Retrait effectué",
      message: "Votre retrait de {{amount}} FRE a été envoyé.",
    },
    purchase_confirmation: {
      title: "Achat confirmé",
      message: "Votre achat « {{itemName}} » est confirmé.",
    },
    kyc_decision: {
      title: "{decision, select, approved {Identité vérifiée} other {Vérification refusée}}",
      message:
        "{decision, select, approved {Votre identité est vérifiée : les retraits sont débloqués.} other {Votre vérification d'identité a été refusée. Consultez le motif et recommencez.}}",
    },
    daily_reminder: {
      title: "Votre récompense du jour vous attend",
      message: "Réclamez-la avant minuit pour garder votre série !",
    },
  },
  /** The shop's items by id, named as the shop screen names them (shop.json item.*). */
  shopItems: {
    FRE1: "Pack FRE1",
    FRE3: "Pack FRE3",
    FRE5: "Pack FRE5",
    BOX7: "Boîte de 7 jours",
    BOX15: "Boîte de 15 jours",
    BOX22: "Boîte de 22 jours",
    BOX30: "Boîte de 30 jours",
    other: "Article de la boutique",
  },
};

export type Catalog = typeof fr;
