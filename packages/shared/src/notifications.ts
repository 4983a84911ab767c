/** Kinds of user notification (spec §2 notification centre), server and web alike. */
export const NOTIFICATION_TYPES = [
  "mining_session_end",
  "mining_session_claim",
  "slot_available",
  "referral_active",
  "bonus_expiring",
  "level_up",
  "withdrawal_complete",
  "purchase_confirmation",
  "support_answer",
  "referral_reminder",
  "kyc_decision",
  "daily_reminder",
  "league_result",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
