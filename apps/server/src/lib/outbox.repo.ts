import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { type Db, driverQuery, type Tx } from "../db/client.ts";
import { outboxEffects } from "../db/schema/index.ts";

/** The SQL of the transactional outbox (decision 0032); the rules live in `outbox.ts`. */

export interface EffectRow {
  id: string;
  kind: string;
  userId: string | null;
  payload: unknown;
  attempts: number;
  createdAt: Date;
}

/** Writes one effect, due at `at`, in the caller's transaction; returns its id. */
export async function insertEffect(
  tx: Db | Tx,
  effect: { id?: string; kind: string; userId: string | null; payload: unknown; at: Date },
) {
  const [row] = await tx
    .insert(outboxEffects)
    .values({
      ...(effect.id ? { id: effect.id } : {}),
      kind: effect.kind,
      userId: effect.userId,
      payload: effect.payload,
      nextAttemptAt: effect.at,
      createdAt: effect.at,
    })
    .returning({ id: outboxEffects.id });
  return row!.id;
}

/**
 * Writes one effect and signals `channel` (heard at commit) in one statement; returns its id.
 * The same row as `insertEffect`'s, then the same NOTIFY as `signalCommit`'s.
 */
export async function insertEffectAndSignal(
  tx: Db | Tx,
  effect: { id?: string; kind: string; userId: string | null; payload: unknown; at: Date },
  channel: string,
) {
  const [row] = await driverQuery<{ id: string }>(tx, INSERT_EFFECT_AND_SIGNAL_SQL, [
    effect.id ?? null,
    effect.kind,
    effect.userId,
    JSON.stringify(effect.payload),
    effect.at.toISOString(),
    channel,
  ]);
  return row!.id;
}

const INSERT_EFFECT_AND_SIGNAL_SQL = `with recorded as (
    insert into outbox_effects (id, kind, user_id, payload, next_attempt_at, created_at)
    values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4::jsonb, $5::timestamptz,
      $5::timestamptz)
    returning id
  )
  select id::text as id, pg_notify($6, '') from recorded`;

/** A NOTIFY on `channel`: listeners hear it when (and only if) the transaction commits. */
export async function signalCommit(tx: Db | Tx, channel: string) {
  await tx.execute(sql`select pg_notify(${channel}, '')`);
}

/**
 * Claims due effects for one lease in one statement: rows locked `FOR UPDATE SKIP LOCKED` (two
 * processes never claim the same row), `attempts + 1` and `next_attempt_at = leaseUntil` written
 * before any delivery. Oldest first, and in the order they were recorded (`seq`): a user's
 * effects of one millisecond keep their order.
 */
export async function claimDueEffects(
  db: Db,
  claim: { now: Date; leaseUntil: Date; maxAttempts: number; limit: number; ids?: string[] },
): Promise<EffectRow[]> {
  const due = db
    .select({ id: outboxEffects.id })
    .from(outboxEffects)
    .where(
      and(
        isNull(outboxEffects.deliveredAt),
        lte(outboxEffects.nextAttemptAt, claim.now),
        lt(outboxEffects.attempts, claim.maxAttempts),
        claim.ids ? inArray(outboxEffects.id, claim.ids) : undefined,
      ),
    )
    .orderBy(asc(outboxEffects.nextAttemptAt), asc(outboxEffects.seq))
    .limit(claim.limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(outboxEffects)
    .set({ attempts: sql`${outboxEffects.attempts} + 1`, nextAttemptAt: claim.leaseUntil })
    .where(inArray(outboxEffects.id, due))
    .returning({
      id: outboxEffects.id,
      kind: outboxEffects.kind,
      userId: outboxEffects.userId,
      payload: outboxEffects.payload,
      attempts: outboxEffects.attempts,
      createdAt: outboxEffects.createdAt,
      seq: outboxEffects.seq,
    });
  return rows.sort((a, b) => a.seq - b.seq);
}

/** A failed attempt: due again at `retryAt`, with the failure's label. */
export async function markEffectFailed(db: Db, id: string, retryAt: Date, lastError: string) {
  await db
    .update(outboxEffects)
    .set({ nextAttemptAt: retryAt, lastError })
    .where(eq(outboxEffects.id, id));
}

/**
 * Delivered effects, in one statement; an effect's `keep`, when given, replaces what its row
 * keeps of the payload (a secret dropped).
 */
export async function markEffectsDelivered(
  db: Db,
  effects: { id: string; keep?: unknown }[],
  at: Date,
) {
  // Once per delivery batch: a fixed SQL text, no query builder on this path.
  await driverQuery(db, MARK_DELIVERED_SQL, [
    effects.map((effect) => effect.id),
    at.toISOString(),
    effects.map((effect) => (effect.keep === undefined ? null : JSON.stringify(effect.keep))),
  ]);
}

const MARK_DELIVERED_SQL = `update outbox_effects o set delivered_at = $2::timestamptz,
    last_error = null, payload = coalesce(d.keep::jsonb, o.payload)
  from unnest($1::uuid[], $3::text[]) as d(id, keep)
  where o.id = d.id`;

/** Deletes effects delivered before `before`. */
export async function deleteDeliveredBefore(db: Db, before: Date) {
  await db.delete(outboxEffects).where(lt(outboxEffects.deliveredAt, before));
}

const BACKLOG_SQL = `select
    count(*) filter (where attempts < $1)::int as "pending",
    min(created_at) filter (where attempts < $1) as "oldest",
    count(*) filter (where attempts >= $1)::int as "abandoned"
  from outbox_effects where delivered_at is null`;

/** Undelivered effects: still retried (and the oldest's time), or left after `maxAttempts`. */
export async function outboxBacklog(db: Db, maxAttempts: number) {
  const [row] = await driverQuery<{
    pending: number;
    oldest: Date | string | null;
    abandoned: number;
  }>(db, BACKLOG_SQL, [maxAttempts]);
  return row!;
}
