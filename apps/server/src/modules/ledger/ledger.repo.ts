import type { LedgerKind } from "@fre/shared";
import { driverQuery, type Tx } from "../../db/client.ts";

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
  const rows = await driverQuery<{ erased_at: unknown }>(tx, LOCK_USER_SQL, [userId]);
  return rows.length > 0 && rows[0]!.erased_at === null;
}

// Fixed SQL texts, sent straight to the driver (prepared): the builder costs more CPU than the
// statement itself on these hot paths (docs/performance.md).
const LOCK_USER_SQL = "select erased_at from users where id = $1 for update";

/**
 * The ledger row and the balance's move in one statement: the update reads the inserted row, so
 * a (kind, reference) already written moves nothing. Answers whether the row was written.
 */
const movementSql = (countsAsMined: boolean) => `with inserted as (
    insert into ledger_entries (user_id, kind, amount_nano, reference, created_at)
    values ($1, $2, $3::bigint, $4, $5::timestamptz)
    on conflict do nothing
    returning amount_nano
  ), moved as (
    update users set balance = users.balance + inserted.amount_nano${
      countsAsMined ? ", total_mined = users.total_mined + inserted.amount_nano" : ""
    }
    from inserted where users.id = $1
    returning users.id
  )
  select count(*)::int as written from moved`;
const MOVEMENT_SQL = movementSql(false);
const MINED_MOVEMENT_SQL = movementSql(true);

/**
 * Writes one ledger row and moves the balance in the caller's transaction (one statement).
 * Returns false when this (kind, reference) was already written — a retry credits nothing.
 */
export async function recordMovement(tx: Tx, m: Movement): Promise<boolean> {
  const [row] = await driverQuery<{ written: number }>(
    tx,
    m.countsAsMined ? MINED_MOVEMENT_SQL : MOVEMENT_SQL,
    [m.userId, m.kind, m.amountNano.toString(), m.reference, m.at.toISOString()],
  );
  return Number(row?.written ?? 0) > 0;
}
