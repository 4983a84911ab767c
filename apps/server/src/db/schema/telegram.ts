import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAtColumn, tz } from "./columns.ts";

/**
 * Telegram sign-in (issue 25, decision 0042): one Telegram account per FRE account and the
 * reverse. Its own table rather than a column on users: a user without Telegram has no row.
 */
export const telegramAccounts = pgTable("telegram_accounts", {
  /** Telegram's user id (up to 52 bits: a bigint, read as a number). */
  telegramId: bigint("telegram_id", { mode: "number" }).primaryKey(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAtColumn(),
});

/**
 * Mini App init data already used, by its signature (`hash`): each is accepted once. A row is
 * kept until the init data would be refused as too old anyway, then pruned.
 */
export const telegramInitDataUses = pgTable(
  "telegram_init_data_uses",
  {
    hash: text("hash").primaryKey(),
    expiresAt: timestamp("expires_at", tz).notNull(),
  },
  (t) => [index("telegram_init_data_uses_expires_idx").on(t.expiresAt)],
);
