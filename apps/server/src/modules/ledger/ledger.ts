import type { LedgerKind } from "@fre/shared";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../db/client.ts";
import { ledgerEntries } from "../../db/schema/index.ts";
import { isCheckViolation } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { recordMovement } from "./ledger.repo.ts";

/**
 * The money kernel: the only way FRE moves. Each call writes one ledger row and moves the
 * balance in the caller's transaction; `(kind, reference)` is unique, so a retry moves nothing
 * and answers false. Amounts are positive nano-FRE; the direction is the function's.
 */
export interface MoneyMovement {
  userId: string;
  kind: LedgerKind;
  /** Nano-FRE, positive (zero allowed for a credit). */
  amountNano: bigint;
  /** What this movement is for (a session id, an order id…): unique per kind. */
  reference: string;
  at: Date;
}

function assertAmount(amountNano: bigint, allowZero: boolean) {
  if (amountNano < 0n || (!allowZero && amountNano === 0n)) {
    throw new Error(`ledger amounts are positive, got ${amountNano}`);
  }
}

/**
 * Adds FRE to a balance. `countsAsMined`: mined FRE also raise the leaderboard's total. Zero is
 * allowed (a session stopped at once still leaves its one row).
 */
export async function credit(tx: Tx, m: MoneyMovement & { countsAsMined?: boolean }) {
  assertAmount(m.amountNano, true);
  return recordMovement(tx, { ...m, countsAsMined: m.countsAsMined ?? false });
}

/**
 * Takes FRE from a balance; never below zero: the database's `balance >= 0` CHECK decides, under
 * concurrency too, and its violation becomes INSUFFICIENT_BALANCE (409). The transaction is then
 * aborted: the caller's other writes roll back with it.
 */
export async function debit(tx: Tx, m: MoneyMovement) {
  assertAmount(m.amountNano, false);
  try {
    return await recordMovement(tx, { ...m, amountNano: -m.amountNano, countsAsMined: false });
  } catch (error) {
    if (isCheckViolation(error, "users_balance_non_negative")) {
      throw new AppError("INSUFFICIENT_BALANCE", 409);
    }
    throw error;
  }
}

/**
 * A bet and its win in one statement (the hot path of the games): the same ledger rows as a
 * `debit` of the bet then a `credit` of the win (`win` omitted: no win row), and the balance moved
 * by what was written. The bet alone must fit in the balance, as with `debit`: when it does not,
 * the balance is set to the negative result so the `balance >= 0` CHECK fails the statement
 * (INSUFFICIENT_BALANCE, transaction aborted). A row already written (same kind and reference)
 * moves nothing. Answers the new balance.
 */
export async function debitThenCredit(
  tx: Tx,
  m: {
    userId: string;
    kind: LedgerKind;
    bet: { amountNano: bigint; reference: string };
    win?: { amountNano: bigint; reference: string };
    at: Date;
  },
): Promise<bigint> {
  assertAmount(m.bet.amountNano, false);
  if (m.win) assertAmount(m.win.amountNano, true);
  const at = m.at.toISOString();
  const row = (amountNano: bigint, reference: string) =>
    sql`(${m.userId}, ${m.kind}, ${amountNano.toString()}::bigint, ${reference}, ${at}::timestamptz)`;
  const values = m.win
    ? sql`${row(-m.bet.amountNano, m.bet.reference)}, ${row(m.win.amountNano, m.win.reference)}`
    : row(-m.bet.amountNano, m.bet.reference);
  try {
    const result = await tx.execute(sql`
      with written as (
        insert into ledger_entries (user_id, kind, amount_nano, reference, created_at)
        values ${values}
        on conflict do nothing
        returning amount_nano
      ), moved as (
        select coalesce(sum(amount_nano) filter (where amount_nano < 0), 0) as bet,
               coalesce(sum(amount_nano), 0) as net
        from written
      )
      update users set balance = case when users.balance + moved.bet < 0
        then users.balance + moved.bet else users.balance + moved.net end
      from moved where users.id = ${m.userId}
      returning users.balance::text as "balance"`);
    const [updated] = rowsOf<{ balance: string }>(result);
    if (!updated) throw new Error(`no user ${m.userId} to move FRE for`);
    return BigInt(updated.balance);
  } catch (error) {
    if (isCheckViolation(error, "users_balance_non_negative")) {
      throw new AppError("INSUFFICIENT_BALANCE", 409);
    }
    throw error;
  }
}

/** Sets FRE aside (a withdrawal request): a debit of kind `withdrawal` until released or paid. */
export const hold = (tx: Tx, m: Omit<MoneyMovement, "kind">) =>
  debit(tx, { ...m, kind: "withdrawal" });

/**
 * Gives held FRE back (a rejected or failed withdrawal): a `refund` of exactly the held amount,
 * referencing the hold. Answers false when it was already released; throws when no such hold.
 */
export async function release(tx: Tx, h: { userId: string; reference: string; at: Date }) {
  const [held] = await tx
    .select({ amountNano: ledgerEntries.amountNano })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.kind, "withdrawal"),
        eq(ledgerEntries.reference, h.reference),
        eq(ledgerEntries.userId, h.userId),
      ),
    )
    .limit(1);
  if (!held) throw new AppError("NOT_FOUND", 404);
  return credit(tx, {
    userId: h.userId,
    kind: "refund",
    amountNano: -held.amountNano,
    reference: `withdrawal:${h.reference}`,
    at: h.at,
  });
}
