/** Error codes the API answers with in `{error, message}`. */
export const ERROR_CODES = [
  "VALIDATION_ERROR",
  "NOT_FOUND",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "INVALID_CREDENTIALS",
  "TOO_MANY_ATTEMPTS",
  "NICKNAME_TAKEN",
  "NICKNAME_REQUIRED",
  "INVALID_NICKNAME",
  "INVALID_EMAIL",
  "EMAIL_IN_USE",
  "WEAK_PASSWORD",
  "INVALID_TOKEN",
  "VERIFICATION_COOLDOWN",
  "EMAIL_ALREADY_VERIFIED",
  "INVALID_PASSWORD",
  "ADMIN_NOT_SIGNED_IN",
  "ADMIN_REQUIRED",
  "ADMIN_ACCESS_REQUIRED",
  "INVALID_ACCESS_CODE",
  "ACCESS_CODE_TOO_SHORT",
  "ACCESS_CODE_CHANGE_FAILED",
  "ACCESS_CODE_CHECK_FAILED",
  "EMAIL_NOT_VERIFIED",
  "MINING_SESSION_ACTIVE",
  "NO_MINING_SESSION",
  "REFERRAL_CODE_REQUIRED",
  "REFERRAL_CODE_INVALID",
  "REFERRAL_CODE_OWN",
  "REFERRER_ALREADY_SET",
  "REFERRAL_LOOP",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: ErrorCode | string;
  message: string;
  /** Seconds until the action may be retried (429 answers). */
  retryAfter?: number;
  /** Field-level problems for VALIDATION_ERROR. */
  issues?: { path: string; message: string }[];
}
