import type { LedgerKind } from "@fre/shared";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { ledgerEntries, users } from "../../db/schema/index.ts";

export type { LedgerKind } from "@fre/shared";

export interface Movement {
  userId: string;
  kind: LedgerKind;
  amountNano: bigint;
  /** Unique per kind: the same movement can never be written twice. */
  reference: string;
  at: Date;
  /** Mined FRE also raise the lifetime total used by the leaderboard. */
  countsAsMined: boolean;
}

/**
 * Locks the user's row until the transaction ends; false when there is no such user or the
 * account was erased (no money moves for it any more: decision 0028). The first lock of a money
 * transaction, before any row that references the user is written: such a row takes a KEY SHARE
 * lock on the user, which a later FOR UPDATE of two such transactions would each wait on — a
 * deadlock (issue 19). An erased row is locked all the same (the lock order of a caller that goes
 * on holds); `erased_at` is read after the lock, so an erasure committed while this waited counts.
 */
export async function lockUserRow(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return rows.length > 0 && rows[0]!.erasedAt === null;
}

/**
 * Writes one ledger row and moves the balance in the caller's transaction. Returns false when
 * this (kind, reference) was already written — a retry credits nothing.
 */
export async function recordMovement(tx: Tx, m: Movement): Promise<boolean> {
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      userId: m.userId,
      kind: m.kind,
      amountNano: m.amountNano,
      reference: m.reference,
      createdAt: m.at,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (inserted.length === 0) return false;
  await tx
    .update(users)
    .set({
      balance: sql`${users.balance} + ${m.amountNano}`,
      ...(m.countsAsMined ? { totalMined: sql`${users.totalMined} + ${m.amountNano}` } : {}),
    })
    .where(eq(users.id, m.userId));
  return true;
}
