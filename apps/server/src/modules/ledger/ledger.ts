import type { LedgerKind } from "@fre/shared";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../db/client.ts";
import { ledgerEntries } from "../../db/schema/index.ts";
import { isCheckViolation } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { lockUserRow, recordMovement } from "./ledger.repo.ts";

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

/**
 * Locks the user's row for the rest of the transaction (false: no such user). A money path calls
 * it first, before it writes any row that references the user (`lockUserRow` says why).
 */
export const lockUser = lockUserRow;

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
    throw insufficientBalance(error);
  }
}

/** A bet and, when it pays, its win: the hot path of the games. */
export interface BetAndWin {
  userId: string;
  kind: LedgerKind;
  bet: { amountNano: bigint; reference: string };
  win?: { amountNano: bigint; reference: string };
  at: Date;
}

/**
 * The common table expressions that settle bets and their wins, for one statement that does more
 * in the same round trip (games' plays, several users' at once). `source` names an earlier
 * expression with one row per play and at most one play per user: `user_id`, `kind`, `bet_nano`,
 * `win_nano`, `bet_reference`, `win_reference`, `at`. Defines `written` (the ledger rows: the bet,
 * and the win when above zero — the rows of a `debit` then a `credit`), `moved` and `settled`
 * (each player's `users` row after the move: `id`, `balance`). A bet must fit in the balance
 * alone, as with `debit`: when it does not, the balance is set to the negative result so the
 * `balance >= 0` CHECK fails the whole statement (see `insufficientBalance`). A play already
 * written (same kind and reference) moves nothing but still has its `settled` row.
 */
export function betsAndWinsCtes(source: string): string {
  return `written as (
      insert into ledger_entries (user_id, kind, amount_nano, reference, created_at)
      select user_id, kind, -bet_nano, bet_reference, at from ${source}
      union all
      select user_id, kind, win_nano, win_reference, at from ${source} where win_nano > 0
      on conflict do nothing
      returning user_id, amount_nano
    ), moved as (
      select p.user_id,
        coalesce(sum(w.amount_nano) filter (where w.amount_nano < 0), 0) as bet,
        coalesce(sum(w.amount_nano), 0) as net
      from ${source} p left join written w on w.user_id = p.user_id
      group by p.user_id
    ), settled as (
      update users set balance = case when users.balance + moved.bet < 0
        then users.balance + moved.bet else users.balance + moved.net end
      from moved where users.id = moved.user_id
      returning users.id, users.balance
    )`;
}

/** Whether a statement failed because a bet or a debit did not fit in the balance. */
export const isInsufficientBalance = (error: unknown) =>
  isCheckViolation(error, "users_balance_non_negative");

/** A bet that did not fit in the balance (`betsAndWinsCtes`) as INSUFFICIENT_BALANCE; else as is. */
export function insufficientBalance(error: unknown): unknown {
  return isInsufficientBalance(error) ? new AppError("INSUFFICIENT_BALANCE", 409) : error;
}

/**
 * A bet and its win (`win` omitted or zero: no win row) in one statement (`betsAndWinsCtes`), in
 * the caller's transaction. Answers the new balance.
 */
export async function debitThenCredit(tx: Tx, m: BetAndWin): Promise<bigint> {
  assertAmount(m.bet.amountNano, false);
  if (m.win) assertAmount(m.win.amountNano, true);
  try {
    const result = await tx.execute(sql`
      with play as (
        select ${m.userId}::text as user_id, ${m.kind}::text as kind,
          ${m.bet.amountNano.toString()}::bigint as bet_nano,
          ${(m.win?.amountNano ?? 0n).toString()}::bigint as win_nano,
          ${m.bet.reference}::text as bet_reference, ${m.win?.reference ?? null}::text as win_reference,
          ${m.at.toISOString()}::timestamptz as at
      ), ${sql.raw(betsAndWinsCtes("play"))}
      select balance::text as "balance" from settled`);
    const [updated] = rowsOf<{ balance: string }>(result);
    if (!updated) throw new Error(`no user ${m.userId} to move FRE for`);
    return BigInt(updated.balance);
  } catch (error) {
    throw insufficientBalance(error);
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
