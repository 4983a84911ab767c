import { LEDGER_KINDS } from "@fre/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { userColumn } from "./auth.ts";
import { createdAtColumn, idColumn, tz } from "./columns.ts";

/**
 * A 24-hour mining session. Earnings are piecewise: `accruedNano` was earned before
 * `segmentStart`, and since then the session earns `rateNano` per hour until `endTime`.
 * `status`: active (unclaimed, possibly past its end) → claimed | stopped (credited once).
 */
export const miningSessions = pgTable(
  "mining_sessions",
  {
    id: idColumn(),
    userId: userColumn(),
    status: text("status", { enum: ["active", "claimed", "stopped"] })
      .notNull()
      .default("active"),
    startTime: timestamp("start_time", tz).notNull(),
    endTime: timestamp("end_time", tz).notNull(),
    baseRateNano: bigint("base_rate_nano", { mode: "bigint" }).notNull(),
    rateNano: bigint("rate_nano", { mode: "bigint" }).notNull(),
    segmentStart: timestamp("segment_start", tz).notNull(),
    accruedNano: bigint("accrued_nano", { mode: "bigint" }).notNull().default(sql`0`),
    rateCheckedAt: timestamp("rate_checked_at", tz).notNull(),
    timeReductionMs: bigint("time_reduction_ms", { mode: "number" }).notNull().default(0),
    creditedNano: bigint("credited_nano", { mode: "bigint" }),
    claimedAt: timestamp("claimed_at", tz),
    endedAt: timestamp("ended_at", tz),
    notificationSent: boolean("notification_sent").notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // One unclaimed session per user, guaranteed by the database.
    uniqueIndex("mining_sessions_one_active_key").on(t.userId).where(sql`${t.status} = 'active'`),
    index("mining_sessions_user_start_idx").on(t.userId, t.startTime.desc().nullsFirst()),
    // The admin statistics: miners whose session ended (or runs) within a window.
    index("mining_sessions_end_time_idx").on(t.endTime),
    index("mining_sessions_end_notice_idx")
      .on(t.endTime)
      .where(sql`${t.status} = 'active' and ${t.notificationSent} = false`),
  ],
);

/** Immutable record of every FRE movement; sums to users.balance per user. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userColumn(),
    kind: text("kind").notNull(),
    amountNano: bigint("amount_nano", { mode: "bigint" }).notNull(),
    reference: text("reference").notNull(),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [
    // A movement for one reference (a session, a code use…) can only be written once.
    uniqueIndex("ledger_entries_kind_reference_key").on(t.kind, t.reference),
    check(
      "ledger_entries_kind_known",
      sql.raw(`kind in (${LEDGER_KINDS.map((kind) => `'${kind}'`).join(", ")})`),
    ),
    index("ledger_entries_user_idx").on(t.userId, t.id.desc().nullsFirst()),
    // What a user mined over a window (the weekly leagues' boards, issue 24).
    index("ledger_entries_mined_idx").on(t.userId, t.createdAt).where(sql`${t.kind} = 'mining'`),
    // The admin statistics: sums of one kind over a window of days.
    index("ledger_entries_kind_created_idx").on(t.kind, t.createdAt),
    // The admin's risk context: a user's recent balance adjustments (few rows: a partial index).
    index("ledger_entries_adjustments_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.kind} = 'admin_adjustment'`),
  ],
);

/** Temporary mining-rate boosts (bonus codes, boxes). */
export const boosts = pgTable(
  "boosts",
  {
    id: idColumn(),
    userId: userColumn(),
    type: text("type", { enum: ["mining_rate"] })
      .notNull()
      .default("mining_rate"),
    valueNano: bigint("value_nano", { mode: "bigint" }).notNull(),
    source: text("source").notNull(),
    appliedAt: timestamp("applied_at", tz).notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    /** The "expires in 24 h" notice was sent (spec §9 bonus_expiring). */
    expiryNotified: boolean("expiry_notified").notNull().default(false),
  },
  (t) => [
    index("boosts_user_expires_idx").on(t.userId, t.expiresAt),
    index("boosts_expiry_notice_idx").on(t.expiresAt).where(sql`${t.expiryNotified} = false`),
  ],
);
