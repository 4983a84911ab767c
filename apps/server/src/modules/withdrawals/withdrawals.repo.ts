import type { RiskLevel } from "@fre/shared";
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { type Db, driverQuery, type Tx } from "../../db/client.ts";
import { appSettings, tonWallets, users, withdrawals } from "../../db/schema/index.ts";
import { kycRecheckDueSql } from "../kyc/kyc-recheck-sql.ts";

type Executor = Db | Tx;

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalStatusValue = WithdrawalRow["status"];

const ACTIVE: WithdrawalStatusValue[] = ["pending", "processing"];
const MINIMUM_KEY = "withdrawal_minimum_nano";
const SECOND_APPROVAL_KEY = "withdrawal_second_approval_above_nano";

/** The withdrawal settings kept in `app_settings`, each an amount in nano-FRE. */
export type WithdrawalSettingKey = typeof MINIMUM_KEY | typeof SECOND_APPROVAL_KEY;
export const SETTING_KEYS = {
  minimum: MINIMUM_KEY,
  secondApprovalAbove: SECOND_APPROVAL_KEY,
} as const satisfies Record<string, WithdrawalSettingKey>;

/** An admin-set amount (nano-FRE), or `fallback` while none was set. */
export async function readNanoSetting(
  db: Executor,
  key: WithdrawalSettingKey,
  fallback: bigint,
): Promise<bigint> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  const nano = (row?.value as { nano?: unknown } | undefined)?.nano;
  return typeof nano === "string" && /^\d{1,30}$/.test(nano) ? BigInt(nano) : fallback;
}

export async function writeNanoSetting(db: Executor, key: WithdrawalSettingKey, nano: bigint) {
  await db
    .insert(appSettings)
    .values({ key, value: { nano: nano.toString() } })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: { nano: nano.toString() } } });
}

/** The admin-set minimum (nano-FRE), or `fallback` while none was set. */
export const readMinimumNano = (db: Executor, fallback: bigint) =>
  readNanoSetting(db, MINIMUM_KEY, fallback);

/**
 * The user's KYC status and balance (the balance row locked: the hold moves it next), whether an
 * admin's KYC re-check is still due and the account's risk level (decision 0045), in the same
 * statement; null for an erased account (its session may still be cached for a few seconds after
 * the erasure).
 */
export async function findUserForWithdrawal(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      kycStatus: users.kycStatus,
      balance: users.balance,
      kycRecheckDue: sql<boolean>`${sql.raw(kycRecheckDueSql(`"users"."id"`))}`,
      riskLevel: sql<RiskLevel | null>`(select k.level from user_risk k
        where k.user_id = ${users.id})`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .for("update");
  return row ?? null;
}

/** The user's withdrawal still pending or being paid, if any (at most one: a partial index). */
export async function findActive(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ACTIVE)))
    .limit(1);
  return row ?? null;
}

export async function insertWithdrawal(tx: Tx, values: typeof withdrawals.$inferInsert) {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  return row!;
}

export function listMine(db: Executor, userId: string, limit: number) {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
}

export async function findWithdrawal(db: Executor, id: string) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row ?? null;
}

/**
 * Moves one withdrawal out of `from` (a conditional update: of two concurrent moves, exactly one
 * finds the row still in `from`); null when it was not there any more.
 */
export async function transition(
  tx: Executor,
  where: { id: string; userId?: string; from: WithdrawalStatusValue; payoutState?: "sending" },
  set: Partial<typeof withdrawals.$inferInsert>,
) {
  const [row] = await tx
    .update(withdrawals)
    .set(set)
    .where(
      and(
        eq(withdrawals.id, where.id),
        eq(withdrawals.status, where.from),
        where.userId ? eq(withdrawals.userId, where.userId) : undefined,
        where.payoutState ? eq(withdrawals.payoutState, where.payoutState) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Approved withdrawals whose payout must be sent (queued), or re-asked after a crash (sending,
 * its lease past): claimed with SKIP LOCKED, so concurrent workers take different rows; the
 * caller writes `sending` with a new lease in the same transaction.
 */
export function claimPayouts(tx: Tx, now: Date, limit: number) {
  return tx
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, "processing"),
        inArray(withdrawals.payoutState, ["queued", "sending"]),
        or(isNull(withdrawals.payoutLeaseUntil), lte(withdrawals.payoutLeaseUntil, now)),
      ),
    )
    .orderBy(asc(withdrawals.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
}

export async function markSending(tx: Tx, id: string, now: Date, leaseUntil: Date) {
  await tx
    .update(withdrawals)
    .set({
      payoutState: "sending",
      payoutLeaseUntil: leaseUntil,
      payoutAttempts: sql`${withdrawals.payoutAttempts} + 1`,
      updatedAt: now,
    })
    .where(eq(withdrawals.id, id));
}

/**
 * The payout ids of every signed message that may still execute: withdrawals being paid whose
 * payout id is recorded (sent, or recorded just before the send and not yet marked sent).
 */
export async function listInFlightPayoutIds(db: Executor) {
  const rows = await db
    .select({ payoutId: withdrawals.payoutId })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, "processing"),
        inArray(withdrawals.payoutState, ["sending", "sent"]),
        isNotNull(withdrawals.payoutId),
      ),
    );
  return rows.map((row) => row.payoutId!);
}

/** Withdrawal `id`, still processing with its payout in `state`, and `guard`: a payout move's row. */
const payoutAt = (id: string, state: "sending" | "sent", guard: SQL) =>
  and(
    eq(withdrawals.id, id),
    eq(withdrawals.status, "processing"),
    eq(withdrawals.payoutState, state),
    guard,
  );

/**
 * The payout id of a message signed for a withdrawal this worker is sending, before it leaves,
 * and the first signing's time (kept: a message signed earlier may still execute or have
 * executed, decision 0078). Only under the claim that signed it (`leaseUntil`, as `markSending`
 * wrote it): false when the row is not `sending` any more or another worker claimed it since
 * (nothing written: the message must not leave).
 */
export async function recordPayoutId(
  db: Executor,
  id: string,
  payoutId: string,
  now: Date,
  leaseUntil: Date,
) {
  const rows = await db
    .update(withdrawals)
    .set({
      payoutId,
      payoutSignedAt: sql`coalesce(${withdrawals.payoutSignedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(payoutAt(id, "sending", eq(withdrawals.payoutLeaseUntil, leaseUntil)))
    .returning({ id: withdrawals.id });
  return rows.length > 0;
}

/**
 * A payout claimed for sending that the chain signed nothing for (the hot wallet busy with an
 * earlier message, decision 0075): its lease ended at once, so the next run asks again rather
 * than after PAYOUT_LEASE_MS. It stays `sending`, as a send the chain refused to sign leaves it;
 * a row whose payout id was recorded (a message that may still execute) is left alone.
 */
export async function releasePayout(db: Executor, id: string, now: Date) {
  await db
    .update(withdrawals)
    .set({ payoutLeaseUntil: now, updatedAt: now })
    .where(payoutAt(id, "sending", isNull(withdrawals.payoutId)));
}

/**
 * A sent payout whose message can never execute and never did (decision 0068): queued again,
 * to be signed anew with the wallet's next seqno; false when the row moved meanwhile. Its first
 * signing's time stays (decision 0078): the look-back of its next send still starts there.
 */
export async function requeuePayout(db: Executor, id: string, payoutId: string, now: Date) {
  const rows = await db
    .update(withdrawals)
    .set({ payoutState: "queued", payoutId: null, payoutLeaseUntil: null, updatedAt: now })
    .where(payoutAt(id, "sent", eq(withdrawals.payoutId, payoutId)))
    .returning({ id: withdrawals.id });
  return rows.length > 0;
}

/** Sent payouts waiting for their confirmation. */
export function listSent(db: Executor, limit: number) {
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, "processing"), eq(withdrawals.payoutState, "sent")))
    .orderBy(asc(withdrawals.createdAt))
    .limit(limit);
}

/** KYC status and balance, read without a lock (the limits shown to the user). */
export async function findUserSummary(db: Executor, userId: string) {
  const [row] = await db
    .select({ kycStatus: users.kycStatus, balance: users.balance })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findWalletOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ address: tonWallets.address, network: tonWallets.network })
    .from(tonWallets)
    .where(eq(tonWallets.userId, userId));
  return row ?? null;
}

const PROCESSING_SQL = `select count(*)::int as "count",
    min(coalesce(reviewed_at, updated_at)) as "oldest"
  from withdrawals where status = 'processing'`;

/** Withdrawals approved and not paid yet, and the oldest one's approval (the alerts' gauges). */
export async function processingPayouts(db: Db) {
  const [row] = await driverQuery<{ count: number; oldest: Date | string | null }>(
    db,
    PROCESSING_SQL,
    [],
  );
  return row!;
}

// The last 100 paid, newest requests first (withdrawals_status_created_idx).
const RECENT_PAYOUTS_SQL = `select round(avg(payout_fee_nano))::text as "feeNano",
    round(avg(amount_nano))::text as "amountNano"
  from (select payout_fee_nano, amount_nano from withdrawals
    where status = 'completed' order by created_at desc limit 100) recent`;

/** The average real fee (nanoTON) and amount (nano-FRE) of the last payouts; null with none. */
export async function recentPayoutCosts(db: Db) {
  const [row] = await driverQuery<{ feeNano: string | null; amountNano: string | null }>(
    db,
    RECENT_PAYOUTS_SQL,
    [],
  );
  const nano = (value: string | null | undefined) => (value == null ? null : BigInt(value));
  return { feeNano: nano(row?.feeNano), amountNano: nano(row?.amountNano) };
}
