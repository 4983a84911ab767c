import {
  type NotificationType,
  TELEGRAM_REMINDER_TYPES,
  type TelegramReminderType,
} from "@fre/shared";

/** The five reminders the bot sends (issue 38 point 2), each switched off on its own. */
export const REMINDER_TYPES = TELEGRAM_REMINDER_TYPES;
export type ReminderType = TelegramReminderType;

/** The notice a reminder follows: recorded in the transaction of its cause, through the outbox. */
export const REMINDER_OF_NOTICE: Partial<Record<NotificationType, ReminderType>> = {
  mining_session_end: "session_ended",
  withdrawal_complete: "withdrawal_paid",
  support_answer: "support_answered",
  league_result: "league_result",
};

/** Where the button opens the Mini App. */
export const REMINDER_TARGET: Record<ReminderType, `/${string}`> = {
  session_ended: "/dashboard",
  streak: "/daily",
  withdrawal_paid: "/wallet",
  support_answered: "/support",
  league_result: "/leaderboard",
};

const HOUR = 3_600_000;
/**
 * How long after its cause a reminder is still worth sending (a reminder held by the quiet hours
 * past this is dropped as stale). The streak warning's is the end of its local day (the service's).
 */
export const REMINDER_FRESH_MS: Record<Exclude<ReminderType, "streak">, number> = {
  session_ended: 12 * HOUR,
  withdrawal_paid: 48 * HOUR,
  support_answered: 48 * HOUR,
  league_result: 48 * HOUR,
};
