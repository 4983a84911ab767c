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

/** The glyphs notifications are drawn with; the web checks each is one of its Glyph set. */
export type NotificationIcon =
  | "clock"
  | "coins"
  | "dice"
  | "bolt"
  | "hourglass"
  | "star"
  | "arrowOut"
  | "bag"
  | "chat"
  | "users"
  | "idCard"
  | "gift"
  | "medal";

/** What every notification type has, on both sides (decision 0065). */
export interface NotificationEntry {
  /** Where opening it leads: a path of the web app, sent by the server with the notification. */
  target: `/${string}`;
  /** Its glyph in the notification centre (the web's). */
  icon: NotificationIcon;
}

/**
 * The notification registry: one entry per type. `satisfies Record<NotificationType, …>` makes
 * it exhaustive: a type added to NOTIFICATION_TYPES does not compile until it has its target
 * (which the server sends) and its icon (which the web draws), and no entry can name a type the
 * list does not have. Targets are spec §2's (mining notices and "anything else" go to `/`, the
 * signed-in home); the later types go to the page they are about.
 */
export const NOTIFICATIONS = {
  mining_session_end: { target: "/", icon: "clock" },
  mining_session_claim: { target: "/", icon: "coins" },
  slot_available: { target: "/game", icon: "dice" },
  referral_active: { target: "/", icon: "bolt" },
  bonus_expiring: { target: "/shop", icon: "hourglass" },
  level_up: { target: "/", icon: "star" },
  withdrawal_complete: { target: "/wallet", icon: "arrowOut" },
  purchase_confirmation: { target: "/", icon: "bag" },
  support_answer: { target: "/support", icon: "chat" },
  referral_reminder: { target: "/dashboard", icon: "users" },
  kyc_decision: { target: "/kyc", icon: "idCard" },
  daily_reminder: { target: "/daily", icon: "gift" },
  league_result: { target: "/leaderboard", icon: "medal" },
} as const satisfies Record<NotificationType, NotificationEntry>;

/**
 * A stored or received type this build knows: rows and live events carry a plain string (a row
 * written by an older build, an app bundle older than the server).
 */
export const isNotificationType = (value: string): value is NotificationType =>
  Object.hasOwn(NOTIFICATIONS, value);
