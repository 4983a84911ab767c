import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ledgerEntries, users } from "../../db/schema/index.ts";

/** The user's balance and total mined, or null for an unknown user. */
export async function findBalances(db: Db, userId: string) {
  const [row] = await db
    .select({ balance: users.balance, totalMined: users.totalMined })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Up to `limit` of the user's ledger entries with an id below `before` (any id without it), newest first. */
export async function listLedgerEntries(
  db: Db,
  userId: string,
  before: number | undefined,
  limit: number,
) {
  return db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amountNano: ledgerEntries.amountNano,
      reference: ledgerEntries.reference,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), before ? lt(ledgerEntries.id, before) : undefined))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
}
