import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { tz } from "./columns.ts";

/** When a referral was last nudged ("rappeler") by their referrer: at most once a day. */
export const referralReminders = pgTable("referral_reminders", {
  referralId: text("referral_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  remindedAt: timestamp("reminded_at", tz).notNull(),
});
