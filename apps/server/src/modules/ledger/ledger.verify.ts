import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";

export interface LedgerMismatch {
  userId: string;
  balance: string;
  ledgerSum: string;
}

/** Every user whose ledger rows do not sum to their balance (empty when the books balance). */
export async function findLedgerMismatches(db: Db): Promise<LedgerMismatch[]> {
  const result = await db.execute(sql`
    select u.id as "userId", u.balance::text as "balance", coalesce(l.total, 0)::text as "ledgerSum"
    from users u
    left join (select user_id, sum(amount_nano) as total from ledger_entries group by user_id) l
      on l.user_id = u.id
    where u.balance <> coalesce(l.total, 0)
    limit 1000`);
  return rowsOf<LedgerMismatch>(result);
}
