import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { userColumn } from "./auth.ts";
import { tz } from "./columns.ts";

export const LEAGUES = ["bronze", "silver", "gold", "platinum", "diamond"] as const;

/**
 * The weeks of the weekly leagues (issue 24), ISO weeks named `2026-W48`. `settledAt` is set, once,
 * by the week-end job that paid the rewards and placed everyone in next week's leagues.
 */
export const leagueWeeks = pgTable("league_weeks", {
  week: text("week").primaryKey(),
  startsAt: timestamp("starts_at", tz).notNull(),
  endsAt: timestamp("ends_at", tz).notNull(),
  settledAt: timestamp("settled_at", tz),
});

/**
 * A user's place in one week's league: its league, its group (at most 50 users), and once the week
 * is settled, the final rank in the group, the reward and the move. The group's live board sums
 * the members' `mining` ledger entries of the week (`ledger_entries_mined_idx`).
 */
export const leagueMembers = pgTable(
  "league_members",
  {
    week: text("week")
      .notNull()
      .references(() => leagueWeeks.week),
    userId: userColumn(),
    league: text("league", { enum: LEAGUES }).notNull(),
    groupNo: integer("group_no").notNull(),
    joinedAt: timestamp("joined_at", tz).notNull(),
    /** Set when the week is settled. */
    minedNano: bigint("mined_nano", { mode: "bigint" }),
    finalRank: integer("final_rank"),
    rewardNano: bigint("reward_nano", { mode: "bigint" }),
    outcome: text("outcome", { enum: ["promoted", "stayed", "demoted"] }),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.userId] }),
    index("league_members_group_idx").on(t.week, t.league, t.groupNo),
    index("league_members_user_idx").on(t.userId, t.week),
    check("league_members_group_no", sql`${t.groupNo} >= 1`),
  ],
);
