import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { userColumn, users } from "./auth.ts";
import { tz } from "./columns.ts";

/**
 * A user's daily check-in streak (issue 24): one row per user, created by the first read or claim.
 * `lastClaimDate` is a date in the user's own zone (`timeZone`, an IANA name the browser reported,
 * changeable at most once a week: `zoneChangedAt`). `cycleDay` is the day (1–7) of the last claim.
 */
export const dailyStreaks = pgTable(
  "daily_streaks",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    timeZone: text("time_zone").notNull(),
    zoneChangedAt: timestamp("zone_changed_at", tz),
    lastClaimDate: date("last_claim_date"),
    cycleDay: integer("cycle_day").notNull().default(0),
    /** Consecutive claimed days, freezes bridging the days they cover (never counting them). */
    streak: integer("streak").notNull().default(0),
    freezes: integer("freezes").notNull().default(0),
    /** Claims since the last freeze was earned (a full week of claims earns one). */
    freezeProgress: integer("freeze_progress").notNull().default(0),
    /** The evening `daily_reminder` (opt-out in the preferences). */
    reminders: boolean("reminders").notNull().default(true),
    lastRemindedDate: date("last_reminded_date"),
    updatedAt: timestamp("updated_at", tz).notNull(),
  },
  (t) => [
    check("daily_streaks_cycle_day", sql`${t.cycleDay} between 0 and 7`),
    check("daily_streaks_freezes", sql`${t.freezes} between 0 and 2`),
    check("daily_streaks_counts", sql`${t.streak} >= 0 and ${t.freezeProgress} >= 0`),
    // The reminder job: streaks whose last claim is older than the user's today.
    index("daily_streaks_reminder_idx").on(t.lastClaimDate).where(sql`${t.reminders}`),
  ],
);

/** One row per claimed local day: the primary key makes a double tap or a race credit once. */
export const dailyClaims = pgTable(
  "daily_claims",
  {
    userId: userColumn(),
    localDate: date("local_date").notNull(),
    day: integer("day").notNull(),
    rewardNano: bigint("reward_nano", { mode: "bigint" }).notNull(),
    freezesUsed: integer("freezes_used").notNull().default(0),
    claimedAt: timestamp("claimed_at", tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.localDate] }),
    check("daily_claims_day", sql`${t.day} between 1 and 7`),
  ],
);
