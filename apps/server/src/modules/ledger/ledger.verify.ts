import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";

export interface LedgerMismatch {
  userId: string;
  balance: string;
  ledgerSum: string;
}

/**
 * Every user whose ledger rows do not sum to their balance (empty when the books balance). The
 * jackpot pools are checked too, as `jackpot:<pool>` rows: each pool must equal its seeds plus
 * contributions minus wins, and its wins must equal the users' `jackpot` ledger credits.
 */
export async function findLedgerMismatches(db: Db): Promise<LedgerMismatch[]> {
  const result = await db.execute(sql`
    select u.id as "userId", u.balance::text as "balance", coalesce(l.total, 0)::text as "ledgerSum"
    from users u
    left join (select user_id, sum(amount_nano) as total from ledger_entries group by user_id) l
      on l.user_id = u.id
    where u.balance <> coalesce(l.total, 0)
    limit 1000`);
  const jackpots = await db.execute(sql`
    select 'jackpot:' || p.id as "userId", p.amount_nano::text as "balance",
      coalesce(sum(case when m.kind = 'win' then -m.amount_nano else m.amount_nano end), 0)::text
        as "ledgerSum"
    from jackpot_pools p left join jackpot_movements m on m.pool_id = p.id
    group by p.id, p.amount_nano
    having p.amount_nano <> coalesce(
      sum(case when m.kind = 'win' then -m.amount_nano else m.amount_nano end), 0)
    union all
    select 'jackpot:wins' as "userId",
      (select coalesce(sum(amount_nano), 0) from jackpot_movements where kind = 'win')::text,
      (select coalesce(sum(amount_nano), 0) from ledger_entries where kind = 'jackpot')::text
    where (select coalesce(sum(amount_nano), 0) from jackpot_movements where kind = 'win')
       <> (select coalesce(sum(amount_nano), 0) from ledger_entries where kind = 'jackpot')`);
  return [...rowsOf<LedgerMismatch>(result), ...rowsOf<LedgerMismatch>(jackpots)];
}
