import { formatNano, type LedgerPage, type Wallet } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { bonusHistory } from "../bonus-codes/bonus-codes.service.ts";
import { levelValidationsOf } from "../contest/contest.service.ts";
import { userLedgerEntries } from "../ledger/ledger-reads.ts";
import { currentRateNano } from "../mining/mining.service.ts";
import { findBalances } from "./wallet.repo.ts";

/** Wallet view of spec §3. */
export async function getWallet(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
): Promise<Wallet> {
  const row = await findBalances(db, userId);
  if (!row) throw new AppError("UNAUTHORIZED", 401);
  return {
    balance: formatNano(row.balance),
    totalMined: formatNano(row.totalMined),
    miningRate: formatNano(await currentRateNano(db, userId, clock.now())),
    bonusHistory: await bonusHistory({ db }, userId),
    levelValidations: await levelValidationsOf({ db }, userId),
  };
}

/** The user's ledger, newest first, keyset-paginated by id. */
export async function getLedgerPage(
  { db }: { db: Db },
  userId: string,
  cursor: number | undefined,
  limit: number,
): Promise<LedgerPage> {
  // One row more than the page tells whether there is a next page.
  const rows = await userLedgerEntries(db, userId, { beforeId: cursor }, limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({
      id: String(r.id),
      kind: r.kind,
      amount: formatNano(r.amountNano),
      reference: r.reference,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}
