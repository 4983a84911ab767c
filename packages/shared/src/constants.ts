/** Product constants shared by server and web (spec §9). */
export const LANGUAGES = ["fr", "en", "es", "ru", "zh"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "fr";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 20;
/** Letters (any script), digits, `_ - .`: no spaces, emoji, control or bidi-override characters. */
export const NICKNAME_PATTERN = /^[\p{L}\p{N}_.-]{3,20}$/u;
/** An erased account's nickname starts so (`erased-` and 12 hex digits): nobody else's may. */
export const ERASED_NICKNAME_PREFIX = "erased-";
/** Whether a nickname is one a person may take: the pattern, and not an erased account's. */
export const isTakeableNickname = (nickname: string): boolean =>
  NICKNAME_PATTERN.test(nickname) && !nickname.toLowerCase().startsWith(ERASED_NICKNAME_PREFIX);
export const EMAIL_MAX_LENGTH = 254;
export const REFERRAL_CODE_LENGTH = 6;
/** What a referral-code field accepts (codes are 6 characters; pasted text is trimmed). */
export const REFERRAL_CODE_INPUT_MAX_LENGTH = 32;
/** What the bonus-code field accepts. */
export const BONUS_CODE_INPUT_MAX_LENGTH = 64;

/** Sign-in lockout (docs/decisions/0014): failures counted over a sliding window. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures on one account from one IP (or on one admin's access code) that lock it. */
export const LOGIN_MAX_ATTEMPTS = 5;
/** Failures on one account, from every IP, before each further attempt must wait. */
export const LOGIN_ACCOUNT_FREE_FAILURES = 10;
/** The account's wait after n failures: 2^(n − free) seconds, at most this. */
export const LOGIN_ACCOUNT_MAX_DELAY_MS = 15 * 60 * 1000;
/** Failures from one IP, on every account, that lock it (a ceiling against password spraying). */
export const LOGIN_IP_MAX_FAILURES = 100;
export const VERIFICATION_RESEND_COOLDOWN_MS = 60 * 1000;
export const VERIFICATION_POLL_MS = 10 * 1000;

export const ADMIN_CODE_MIN_LENGTH = 6;
export const ADMIN_CODE_MAX_LENGTH = 128;
export const ADMIN_PENDING_POLL_MS = 60 * 1000;

export const HEALTH_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const HEALTH_CHECK_TIMEOUT_MS = 5 * 1000;

export const COOKIE_BANNER_DELAY_MS = 1000;
export const LOADING_STEP_MS = 50;

/**
 * The share of page views that report their Core Web Vitals to `POST /api/vitals` (decision
 * 0038): enough for percentiles per route, little enough to cost nothing on most views.
 */
export const WEB_VITALS_SAMPLE_RATE = 0.1;
