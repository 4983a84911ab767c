import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

const tz = { withTimezone: true } as const;

/**
 * Withdrawals of FRE to the user's TON wallet. The amount is held in the ledger (kind
 * `withdrawal`, reference = id) in the transaction that inserts the row; every way out but
 * `completed` releases it (a `refund`). `payout_state` is the payout worker's journal: `queued`
 * once approved, `sending` written before the chain is asked (with a lease), `sent` with the
 * chain's payout id; the chain's payout is keyed by the withdrawal id, so a resend after a crash
 * returns the first payout instead of a second one.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountNano: bigint("amount_nano", { mode: "bigint" }).notNull(),
    /** The destination as linked when asked (raw `0:<hex>`), and its network. */
    walletAddress: text("wallet_address").notNull(),
    network: text("network", { enum: ["-239", "-3"] }).notNull(),
    status: text("status", {
      enum: ["pending", "processing", "completed", "failed", "rejected", "cancelled"],
    }).notNull(),
    /** A rejection's reason, or why the payout failed. */
    reason: text("reason"),
    /** Above the four-eyes threshold: the first of the two admins who approved. */
    firstApprovedBy: text("first_approved_by").references(() => users.id, { onDelete: "set null" }),
    firstApprovedAt: timestamp("first_approved_at", tz),
    /**
     * How many admins must approve (1 or 2), fixed when the request is made from the four-eyes
     * threshold then in force: a later change of the threshold never lowers it.
     */
    approvalsRequired: integer("approvals_required").notNull().default(1),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", tz),
    payoutState: text("payout_state", { enum: ["queued", "sending", "sent"] }),
    /** Until when the worker that wrote `sending` owns the row; past it, another reconciles. */
    payoutLeaseUntil: timestamp("payout_lease_until", tz),
    payoutAttempts: integer("payout_attempts").notNull().default(0),
    payoutId: text("payout_id"),
    /**
     * When FRE first signed a message for this payout, written before that message left and never
     * moved later (decision 0078): nothing paid it on the chain before; null: never signed.
     */
    payoutSignedAt: timestamp("payout_signed_at", tz),
    txHash: text("tx_hash"),
    /** What the confirmed payout cost the hot wallet, nanoTON, from its executed transactions. */
    payoutFeeNano: bigint("payout_fee_nano", { mode: "bigint" }),
    createdAt: timestamp("created_at", tz).notNull(),
    updatedAt: timestamp("updated_at", tz).notNull(),
    completedAt: timestamp("completed_at", tz),
  },
  (t) => [
    check("withdrawals_amount_positive", sql`${t.amountNano} > 0`),
    // One request at a time per user, whatever the race.
    uniqueIndex("withdrawals_one_active_per_user")
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'processing')`),
    index("withdrawals_user_created_idx").on(t.userId, t.createdAt),
    index("withdrawals_status_created_idx").on(t.status, t.createdAt),
    // The admin's risk context: other accounts that withdrew to the same address.
    index("withdrawals_wallet_address_idx").on(t.walletAddress),
    check("withdrawals_approvals_required_range", sql`${t.approvalsRequired} between 1 and 2`),
  ],
);
