import { and, desc, eq, gte, lt, lte } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { ledgerEntries } from "../../db/schema/index.ts";

/** Which of a user's entries, newest first (every filter optional). */
export interface LedgerFilter {
  kind?: string;
  from?: Date;
  to?: Date;
  /** The id of the last entry of the previous page: smaller ids come next. */
  beforeId?: number;
}

/** A user's entries, newest first, by the owner's index (user_id, id desc). */
export function findUserLedgerEntries(
  db: Db | Tx,
  userId: string,
  filter: LedgerFilter,
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
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        filter.kind ? eq(ledgerEntries.kind, filter.kind) : undefined,
        filter.from ? gte(ledgerEntries.createdAt, filter.from) : undefined,
        filter.to ? lte(ledgerEntries.createdAt, filter.to) : undefined,
        filter.beforeId ? lt(ledgerEntries.id, filter.beforeId) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
}
