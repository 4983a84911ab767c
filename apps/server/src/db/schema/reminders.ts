import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { userColumn, users } from "./auth.ts";
import { idColumn, tz } from "./columns.ts";

/**
 * A Telegram-linked user's reminder settings (issue 38 point 2): each type on until switched off
 * in the profile; `botBlockedAt` set when Telegram answered 403 (the user blocked the bot) — no
 * reminder is sent to them again until they use the Mini App again. No row: every type on.
 */
export const telegramReminderSettings = pgTable("telegram_reminder_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sessionEnded: boolean("session_ended").notNull().default(true),
  streak: boolean("streak").notNull().default(true),
  withdrawalPaid: boolean("withdrawal_paid").notNull().default(true),
  supportAnswered: boolean("support_answered").notNull().default(true),
  leagueResult: boolean("league_result").notNull().default(true),
  botBlockedAt: timestamp("bot_blocked_at", tz),
  updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
});

/**
 * Each reminder to send through the bot, and the log of those sent: scheduled from the notice
 * that announces it (`sourceKey`: its outbox effect's id, or the streak's local date — a
 * redelivered notice schedules nothing twice), due at `dueAt` (quiet hours push it to 8:00 local),
 * then `sent`, `dropped` (with `reason`) or, while `pending`, claimed for a lease by one sender.
 */
export const telegramReminders = pgTable(
  "telegram_reminders",
  {
    id: idColumn(),
    userId: userColumn(),
    type: text("type").notNull(),
    sourceKey: text("source_key").notNull(),
    params: jsonb("params").notNull().default({}),
    status: text("status").notNull().default("pending"),
    reason: text("reason"),
    dueAt: timestamp("due_at", tz).notNull(),
    /** Past it the reminder is no longer worth sending (dropped as stale). */
    staleAt: timestamp("stale_at", tz).notNull(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", tz),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [
    uniqueIndex("telegram_reminders_source_idx").on(t.userId, t.type, t.sourceKey),
    index("telegram_reminders_due_idx").on(t.dueAt).where(sql`${t.status} = 'pending'`),
    index("telegram_reminders_sent_idx").on(t.userId, t.sentAt).where(sql`${t.status} = 'sent'`),
    check("telegram_reminders_status", sql`${t.status} in ('pending', 'sent', 'dropped')`),
  ],
);
