import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { userColumn } from "./auth.ts";
import { createdAtColumn, tz } from "./columns.ts";

/** Bonus codes (spec §3). `reward_value` is nFRE (fre), nFRE/h (boost) or ms (time_reduction). */
export const bonusCodes = pgTable(
  "bonus_codes",
  {
    code: text("code").primaryKey(),
    type: text("type", { enum: ["fre", "boost", "time_reduction"] }).notNull(),
    rewardValue: bigint("reward_value", { mode: "bigint" }).notNull(),
    durationHours: integer("duration_hours").notNull().default(24),
    isActive: boolean("is_active").notNull().default(true),
    maxUses: integer("max_uses").notNull(),
    currentUses: integer("current_uses").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("bonus_codes_uses_within_max", sql`${t.currentUses} <= ${t.maxUses}`),
    check("bonus_codes_reward_positive", sql`${t.rewardValue} > 0`),
  ],
);

/** One use of a code by a user (spec bonus_codes_usage); also the user's bonus history. */
export const bonusCodeUsages = pgTable(
  "bonus_code_usages",
  {
    userId: userColumn(),
    code: text("code")
      .notNull()
      .references(() => bonusCodes.code, { onDelete: "cascade" }),
    type: text("type").notNull(),
    value: bigint("value", { mode: "bigint" }).notNull(),
    durationHours: integer("duration_hours"),
    usedAt: timestamp("used_at", tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.code] }),
    index("bonus_code_usages_user_used_idx").on(t.userId, t.usedAt.desc().nullsFirst()),
  ],
);
