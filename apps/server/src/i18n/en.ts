import type { Catalog } from "./fr.ts";

export const en: Catalog = {
  errors: {
    VALIDATION_ERROR: "The data sent is invalid.",
    NOT_FOUND: "Not found.",
    UNAUTHORIZED: "You must be signed in.",
    FORBIDDEN: "Access denied.",
    RATE_LIMITED: "Too many requests. Try again in a moment.",
    INTERNAL_ERROR: "An unexpected error occurred.",
    PAYLOAD_TOO_LARGE: "The request is too large.",
    UNSUPPORTED_MEDIA_TYPE: "Unsupported request format (JSON expected).",
    HEADERS_TOO_LARGE: "The request's address or headers are too long.",
    REQUEST_TIMEOUT: "The request took too long to arrive. Try again.",
    INVALID_CREDENTIALS: "Wrong e-mail or password.",
    TOO_MANY_ATTEMPTS:
      "Too many sign-in attempts. Try again in {unit, select, second {{seconds, plural, one {# second} other {# seconds}}} other {{minutes, plural, one {# minute} other {# minutes}}}}.",
    NICKNAME_TAKEN: "This nickname is already taken.",
    NICKNAME_REQUIRED: "A nickname is required.",
    INVALID_NICKNAME:
      "The nickname must have 3 to 20 letters, digits or _ - . characters (no spaces or emoji).",
    INVALID_EMAIL: "Invalid e-mail address.",
    EMAIL_IN_USE: "This e-mail address is already in use.",
    WEAK_PASSWORD:
      "The password needs at least 8 characters, an uppercase letter, a lowercase letter, a digit and a special character.",
    INVALID_TOKEN: "This link is no longer valid. Ask for a new one.",
    VERIFICATION_COOLDOWN: "An e-mail was just sent. Try again in {{seconds}} seconds.",
    EMAIL_ALREADY_VERIFIED: "Your e-mail address is already verified.",
    INVALID_PASSWORD: "The current password is wrong.",
    ADMIN_NOT_SIGNED_IN: "User not signed in",
    ADMIN_REQUIRED: "Administrators only.",
    ADMIN_ACCESS_REQUIRED: "Enter your administrator access code.",
    INVALID_ACCESS_CODE: "Invalid access code",
    ACCESS_CODE_TOO_SHORT: "The code must be at least 6 characters long",
    ACCESS_CODE_CHANGE_FAILED: "Error while changing the code",
    ACCESS_CODE_CHECK_FAILED: "Error while checking the code",
    EMAIL_NOT_VERIFIED: "Verify your e-mail address to start mining.",
    MINING_SESSION_ACTIVE: "A mining session is already active",
    NO_MINING_SESSION: "No mining session in progress.",
    REFERRAL_CODE_REQUIRED: "A referral code is required.",
    REFERRAL_CODE_INVALID: "Invalid referral code.",
    REFERRAL_CODE_OWN: "You cannot use your own referral code.",
    REFERRER_ALREADY_SET: "You already have a referrer.",
    REFERRAL_LOOP: "This referral would create a loop.",
    REFERRAL_REMIND_TOO_SOON:
      "You already reminded this referral less than 24 hours ago. You can remind them again in {unit, select, hour {{hours, plural, one {# hour} other {# hours}}} other {{minutes, plural, one {# minute} other {# minutes}}}}.",
    REFERRAL_ALREADY_MINING: "This referral is mining right now: no need to remind them.",
    BONUS_LOGIN_REQUIRED: "You must be signed in to use a bonus code.",
    BONUS_CODE_INVALID: "Invalid bonus code.",
    BONUS_CODE_INACTIVE: "This code is no longer active.",
    BONUS_CODE_EXHAUSTED: "This code has reached its maximum number of uses.",
    BONUS_CODE_ALREADY_USED: "You have already used this code.",
    BONUS_CODE_ERROR: "An error occurred while using the code.",
    BONUS_CODE_EXISTS: "This code already exists.",
    BONUS_EMAIL_NOT_VERIFIED: "Verify your e-mail address to redeem a bonus code.",
    ALREADY_CLAIMED: "You have already claimed today's reward: come back tomorrow.",
    DAILY_EMAIL_NOT_VERIFIED: "Verify your e-mail address to claim the daily reward.",
    DAILY_ZONE_CHANGE_TOO_SOON: "You already changed your time zone this week: one change a week.",
    CIRCLE_EMAIL_NOT_VERIFIED: "Verify your e-mail address to build your security circle.",
    CIRCLE_USER_NOT_FOUND: "No user matches this nickname or referral code.",
    CIRCLE_SELF: "You cannot add yourself to your own circle.",
    CIRCLE_MEMBER_EXISTS: "This person is already in your circle.",
    CIRCLE_FULL: "Your circle is full: {{max}} members at most.",
    CIRCLE_MEMBER_NOT_FOUND: "This person is not in your circle.",
    SQUAD_NOT_FOUND: "This squad does not exist.",
    SQUAD_NAME_INVALID: "A squad name is 3 to 20 letters, digits, _ - ., without spaces.",
    SQUAD_NAME_TAKEN: "A squad already has this name.",
    SQUAD_LEVEL_REQUIRED: "Reach level {{level}} of the contest to create a squad.",
    ALREADY_IN_SQUAD: "You are already in a squad: leave it first.",
    SQUAD_COOLDOWN:
      "You left a squad less than 24 hours ago: you can join another one in {{hours}} h.",
    SQUAD_CLOSED: "This squad no longer takes new members.",
    NOT_IN_SQUAD: "You are not in a squad.",
    INSUFFICIENT_BALANCE: "Insufficient balance.",
    BET_TOO_SMALL: "Bet too small: the minimum is {{min}} FRE.",
    BET_TOO_LARGE: "Bet too large: the maximum is {{max}} FRE.",
    ROUND_IN_PROGRESS: "A round is in progress: finish it first.",
    NO_ROUND: "No round in progress.",
    NO_FREE_SPIN: "No free spin available: come back tomorrow or invite a friend.",
    BAD_DICE_TARGET:
      "Invalid target: choose a number between {{min}} and {{max}}, with at most two decimals.",
    IDEMPOTENCY_KEY_REUSED: "This idempotency key was already used for a different request.",
    NO_SESSION_FOR_TIME_REDUCTION: "This code shortens a session: start a mining session first.",
    LEVEL_LOCKED: "Validate the previous level first.",
    LEVEL_ALREADY_VALIDATED: "This level is already validated.",
    TASK_NOT_OPENED: "Open the task's link first.",
    TASK_TOO_SOON: "Take the time to do the task, then confirm in a few seconds.",
    TASK_NOT_DONE:
      "The task is not done yet: {reason, select, not_started {open the link with the task's button first} too_soon {stay {{seconds}} more seconds on the page, then verify} not_member {you are not a member of the channel yet} no_telegram {link your Telegram account in your profile first} wallet {link a TON wallet first} kyc {your identity verification is not approved yet} streak {your daily streak is still too short} referrals {you do not have enough active referrals yet} league {you have not reached that league yet} check_failed {it could not be checked, try again in a moment} other {its condition is not met}}.",
    TASK_EXPIRED: "This task has ended: it can no longer be completed.",
    TASK_UNAVAILABLE: "This task is not available yet.",
    TON_PROOF_INVALID:
      "The wallet ownership proof was refused: {reason, select, signature {the signature is wrong} domain {it was signed for another site} expired {it is too old} payload {the challenge is unknown, already used or expired} address {the address does not match the wallet contract} key {the public key does not match} contract {the wallet is not recognised} other {it is malformed}}.",
    WALLET_IN_USE: "This wallet is already linked to another account.",
    SHOP_ITEM_UNAVAILABLE: "This item is not available.",
    PACK_ALREADY_OWNED: "You already own this pack.",
    BOX_ALREADY_ACTIVE: "A box is already active: you can buy another one when it ends.",
    PAYMENT_IN_FLIGHT: "A payment for this order is already on its way: wait for its confirmation.",
    ORDER_CLOSED: "This order no longer waits for a payment.",
    PAYMENT_ALREADY_RESOLVED: "This payment has already been handled.",
    PAYMENT_COUNTED_IN_PAID_ORDER:
      "This payment went toward an order that is paid: it cannot be refunded or granted on its own.",
    KYC_LOCKED:
      "{status, select, approved {Your identity is already verified: the application can no longer be changed.} other {Your application is being reviewed: it cannot be changed for now.}}",
    KYC_INCOMPLETE:
      "Your application is incomplete. Missing: {identity, select, first {identity} next {, identity} other {}}{address, select, first {address} next {, address} other {}}{document, select, first {identity document} next {, identity document} other {}}{front, select, first {front photo} next {, front photo} other {}}{back, select, first {back photo} next {, back photo} other {}}{selfie, select, first {selfie} next {, selfie} other {}}.",
    KYC_UNDERAGE: "You must be at least 18 years old to verify your identity.",
    KYC_FILE_REQUIRED: "No photo received. Choose an image to upload.",
    KYC_FILE_TYPE: "This file is not an accepted photo: upload a JPEG, PNG or WebP image.",
    KYC_FILE_TOO_LARGE: "The photo is larger than 10 MB. Upload a smaller image.",
    KYC_NOT_PENDING: "This application is not awaiting review.",
    KYC_REQUIRED: "Verify your identity (KYC) before withdrawing your FRE.",
    KYC_RECHECK_REQUIRED: "A new identity check (KYC) is needed before your next withdrawal.",
    RISK_RUN_BUSY: "The risk scoring is already running: try again in a few minutes.",
    WALLET_REQUIRED: "Connect a TON wallet first to receive your FRE.",
    AMOUNT_BELOW_MINIMUM: "The minimum withdrawal is {{minimum}} FRE.",
    WITHDRAWAL_PENDING:
      "You already have a withdrawal in progress: wait for it to be processed or cancel it.",
    WITHDRAWAL_NOT_PENDING: "This withdrawal is no longer pending: it can no longer be changed.",
    WALLET_WITHDRAWAL_ACTIVE:
      "A withdrawal to this wallet is in progress: you can disconnect it once the withdrawal is finished or cancelled.",
    WITHDRAWALS_UNAVAILABLE:
      "Withdrawals are paused for the moment. Your FRE stay in your balance; please try again later.",
    ACCOUNT_SUSPENDED:
      "Your account is suspended. If you think this is a mistake, write to support at {{email}} from your account's address: no need to sign in.",
    SELF_ACTION_FORBIDDEN: "You cannot do this to your own account.",
    FEATURE_DISABLED: "This feature is turned off for now. Try again later.",
    TELEGRAM_DISABLED: "Signing in with Telegram is not available on this server.",
    TELEGRAM_INIT_DATA_INVALID:
      "Telegram could not confirm who you are. Open FRE from Telegram again.",
    TELEGRAM_INIT_DATA_EXPIRED:
      "Your Telegram session has expired. Close FRE and open it from Telegram again.",
    TELEGRAM_INIT_DATA_USED:
      "This Telegram launch was already used. Close FRE and open it from Telegram again.",
    TELEGRAM_EMAIL_ALREADY_SET: "This account already has an e-mail address.",
    TELEGRAM_ALREADY_LINKED:
      "This Telegram account is already linked to another FRE account (or this account to another Telegram).",
    CHALLENGE_REQUIRED: "The anti-bot check is required: wait for it to finish, then try again.",
    CHALLENGE_INVALID: "The anti-bot check failed or expired: run it again.",
    LIMITS_UNAVAILABLE: "The service is briefly unavailable. Try again in a few seconds.",
    MAINTENANCE: "FRE is under maintenance. Your FRE are safe; try again in a few minutes.",
    SELF_REVIEW_FORBIDDEN:
      "You cannot decide your own request: another administrator must handle it.",
    SECOND_APPROVER_REQUIRED:
      "This withdrawal is above the threshold: a second administrator, not the first one, must approve it.",
    ERASURE_WITHDRAWAL_PENDING:
      "A withdrawal is in progress: you can delete your account once it is completed or cancelled.",
    LAST_ADMIN:
      "No active administrator would be left: make someone else an administrator first, then try again.",
    ADMIN_GRANT_NOT_PENDING:
      "This admin role request is no longer pending (confirmed, cancelled, expired, or its requester is no longer an administrator): reload the page.",
    ADMIN_GRANT_NOT_INDEPENDENT:
      "You and the administrator who asked took part in making one another an administrator: another administrator must confirm it.",
    AD_IMAGE_INVALID:
      "This image could not be read. Send a JPEG, PNG or WebP image of 5 MB at most.",
    WITHDRAWAL_STATE_CHANGED:
      "This withdrawal changed since it was shown (another administrator acted on it): reload the list and check before deciding.",
  },
  mail: {
    purchaseSubject: "FRE — Purchase confirmed",
    purchaseIntro:
      "Your payment for “{{itemName}}” has arrived: your mining rate gains +{{bonus}} FRE/h.",
    purchaseAction: "Open the shop",
    greeting: "Hello {{nickname}},",
    signature: "The FRE team",
    ignore: "If you did not ask for this, simply ignore this e-mail.",
    linkFallback: "If the button does not work, copy this link into your browser:",
    verifySubject: "FRE — Confirm your e-mail address",
    verifyIntro: "Welcome to FRE! Confirm your e-mail address to start mining.",
    verifyAction: "Confirm my e-mail",
    verifyExpiry: "This link is valid for 24 hours.",
    resetSubject: "FRE — Reset your password",
    resetIntro: "You asked to reset your FRE password.",
    resetAction: "Choose a new password",
    resetExpiry: "This link is valid for 1 hour.",
    supportSubject: "FRE — We received your request",
    supportIntro:
      "Your request “{{subject}}” is recorded. We will answer in the app, under Support.",
    supportAction: "Follow my request",
    supportAnsweredSubject: "FRE — Answer to your request",
    supportAnsweredIntro: "The FRE team answered your request “{{subject}}”.",
    kycApprovedSubject: "FRE — Identity verified",
    kycApprovedIntro:
      "Good news: your identity is verified. You can now withdraw your FRE to your TON wallet.",
    kycApprovedAction: "See my status",
    kycRejectedSubject: "FRE — Identity verification declined",
    kycRejectedIntro:
      "Your identity verification was declined for the reason below. You can correct your application and submit it again.",
    kycRejectedAction: "Resume my verification",
    withdrawalCompletedSubject: "FRE — Withdrawal sent",
    withdrawalCompletedIntro:
      "Your withdrawal of {{amount}} FRE has been sent to your TON wallet {{wallet}}.",
    withdrawalRejectedSubject: "FRE — Withdrawal declined",
    withdrawalRejectedIntro:
      "Your withdrawal request of {{amount}} FRE was declined for the reason below. The FRE are back in your balance.",
    withdrawalFailedSubject: "FRE — Withdrawal failed",
    withdrawalFailedIntro:
      "Sending your withdrawal of {{amount}} FRE failed. The FRE are back in your balance: you can request it again.",
    withdrawalAction: "View my wallet",
  },
  notifications: {
    league_result: {
      title: "League result",
      message:
        "Week over: {{rank}}/{{size}} in your {league, select, bronze {Bronze} silver {Silver} gold {Gold} platinum {Platinum} other {Diamond}} league group.{rewarded, select, yes { +{{amount}} FRE won.} other {}} {outcome, select, promoted {Promoted: {next, select, bronze {Bronze} silver {Silver} gold {Gold} platinum {Platinum} other {Diamond}} league this week!} demoted {Relegated: {next, select, bronze {Bronze} silver {Silver} gold {Gold} platinum {Platinum} other {Diamond}} league this week.} other {You stay in the {next, select, bronze {Bronze} silver {Silver} gold {Gold} platinum {Platinum} other {Diamond}} league.}}",
    },
    mining_session_end: {
      title: "Mining session over",
      message: "Your mining session is ending. Claim your earnings and start mining again!",
    },
    mining_session_claim: {
      title: "Earnings claimed",
      message: "You claimed {{amount}} FRE.",
    },
    slot_available: {
      title: "Free spin available",
      message: "Your free slot machine spin is available!",
    },
    slot_available_bonus: {
      title: "Bonus spins available",
      message:
        "You have {count, plural, one {# referral bonus spin} other {# referral bonus spins}} to play!",
    },
    referral_active: {
      title: "Active referral",
      message: "{{nickname}} is mining right now: your rate goes up.",
    },
    bonus_expiring: {
      title: "Boost expiring soon",
      message: "Your mining boost expires in 24 hours.",
    },
    level_up: {
      title: "Level validated",
      message: "Well done! You validated level {{level}}.",
    },
    support_answer: {
      title: "Support answered",
      message: "The FRE team answered your request “{{subject}}”.",
    },
    referral_reminder: {
      title: "Your sponsor is waiting for you",
      message:
        "{{nickname}} reminds you to start your mining session: your FRE keep adding up even with the app closed.",
    },
    withdrawal_complete: {
      title: "Withdrawal sent",
      message: "Your withdrawal of {{amount}} FRE has been sent.",
    },
    purchase_confirmation: {
      title: "Purchase confirmed",
      message: "Your purchase “{{itemName}}” is confirmed.",
    },
    kyc_decision: {
      title: "{decision, select, approved {Identity verified} other {Verification declined}}",
      message:
        "{decision, select, approved {Your identity is verified: withdrawals are unlocked.} other {Your identity verification was declined. See the reason and try again.}}",
    },
    daily_reminder: {
      title: "Your daily reward is waiting",
      message: "Claim it before midnight to keep your streak!",
    },
  },
  /** The shop's items by id, named as the shop screen names them (shop.json item.*). */
  shopItems: {
    FRE1: "Pack FRE1",
    FRE3: "Pack FRE3",
    FRE5: "Pack FRE5",
    BOX7: "7-day box",
    BOX15: "15-day box",
    BOX22: "22-day box",
    BOX30: "30-day box",
    other: "Shop item",
  },
};
