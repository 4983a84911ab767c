import { and, count, eq, gte, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.ts";
import { accountSignals, kycRequests } from "../../db/schema/index.ts";

export interface SignalRow {
  userId: string;
  kind: "sign-up" | "sign-in";
  /** Keyed hashes (signals.ts): never the address, never the device id. */
  network: string;
  device: string | null;
  at: Date;
}

export async function insertSignal(db: Db, row: SignalRow) {
  await db.insert(accountSignals).values({
    userId: row.userId,
    kind: row.kind,
    network: row.network,
    device: row.device,
    createdAt: row.at,
  });
}

/**
 * Inserts the row unless the user already has one of this kind from this network and device
 * since `since`: one statement, so the table grows with the places an account is used from,
 * not with how often it signs in.
 */
export async function insertSignalOnce(db: Db, row: SignalRow, since: Date) {
  await db.execute(sql`
    insert into account_signals (user_id, kind, network, device, created_at)
    select ${row.userId}::text, ${row.kind}::text, ${row.network}::text, ${row.device}::text,
      ${row.at.toISOString()}::timestamptz
    where not exists (
      select 1 from account_signals
      where user_id = ${row.userId}::text and kind = ${row.kind}::text
        and network = ${row.network}::text and device is not distinct from ${row.device}::text
        and created_at > ${since.toISOString()}::timestamptz
    )`);
}

/** Deletes up to `batch` rows recorded before `before`; returns how many went. */
export async function pruneSignalsBefore(db: Db, before: Date, batch = 1000): Promise<number> {
  const gone = await db.execute(sql`
    with old as (
      select id from account_signals where created_at < ${before.toISOString()}::timestamptz
      limit ${batch}
    ), dropped as (
      delete from account_signals where id in (select id from old) returning 1
    )
    select count(*)::int as n from dropped`);
  return Number(rowsOf<{ n: number }>(gone)[0]?.n ?? 0);
}

/** The submitted KYC document number's keyed hash, in the submission's transaction. */
export async function setDocumentNumberHash(tx: Tx, userId: string, hash: string) {
  await tx
    .update(kycRequests)
    .set({ documentNumberHash: hash })
    .where(eq(kycRequests.userId, userId));
}

/** Accounts opened from one (hashed) address range since `since` (account_signals_network_idx). */
export async function countSignUpsFrom(db: Db, network: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(accountSignals)
    .where(
      and(
        eq(accountSignals.network, network),
        eq(accountSignals.kind, "sign-up"),
        gte(accountSignals.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}
