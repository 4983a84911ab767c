import type { Db, Tx } from "../../db/client.ts";
import { findUserLedgerEntries, type LedgerFilter } from "./ledger-reads.repo.ts";

export type { LedgerFilter } from "./ledger-reads.repo.ts";

/**
 * The one read of a user's ledger, newest first: the wallet's history, the admin's user page and
 * the personal-data export all page through it (the ledger module's read port).
 */
export const userLedgerEntries = (
  db: Db | Tx,
  userId: string,
  filter: LedgerFilter,
  limit: number,
) => findUserLedgerEntries(db, userId, filter, limit);
