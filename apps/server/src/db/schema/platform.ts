import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { sessions, userColumn, users } from "./auth.ts";
import { createdAtColumn, idColumn, tz } from "./columns.ts";

/** Server-generated settings kept across restarts (auth secret, VAPID keys…). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: createdAtColumn(),
});

/** Mails kept by the outbox transport (no SMTP configured). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: idColumn(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("mail_outbox_to_created_idx").on(t.to, t.createdAt)],
);

/** Single row `security`: the hashed default admin access code (spec admin_settings). */
export const adminSettings = pgTable("admin_settings", {
  id: text("id").primaryKey(),
  defaultCodeHash: text("default_code_hash").notNull(),
  createdAt: createdAtColumn(),
  updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
});

/** Personal admin access codes (spec adminCodes keyed by user id), hashed. */
export const adminCodes = pgTable("admin_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  createdAt: createdAtColumn(),
  updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
});

export const adminSecurityLogs = pgTable(
  "admin_security_logs",
  {
    id: idColumn(),
    userId: userColumn(),
    action: text("action").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("admin_security_logs_created_idx").on(t.createdAt)],
);

/** An admin's verified access code, bound to one sign-in session and short-lived. */
export const adminElevations = pgTable("admin_elevations", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  userId: userColumn(),
  expiresAt: timestamp("expires_at", tz).notNull(),
});

/**
 * Idempotency keys of money requests (purchases, withdrawals): the first answer is stored and a
 * retry with the same key and body gets it again instead of a second movement.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: userColumn(),
    key: text("key").notNull(),
    /** Which operation and which body (SHA-256 hex): a different body with the key is refused. */
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code").notNull(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/**
 * Rate-limit counters every server process shares (decision 0037): one row per limiter key,
 * its hits in the current window and when that window ends. The migration makes it UNLOGGED
 * (no WAL: a crash empties it, which only restarts the windows) with room for in-place updates;
 * expired rows are swept by the `rate-limit-sweep` job. Unused with REDIS_URL or the embedded
 * database (counted in Redis, or in the one process's memory).
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  resetAt: timestamp("reset_at", tz).notNull(),
});
