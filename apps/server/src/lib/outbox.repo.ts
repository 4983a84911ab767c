import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
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

/** A NOTIFY on `channel`: listeners hear it when (and only if) the transaction commits. */
export async function signalCommit(tx: Db | Tx, channel: string) {
  await tx.execute(sql`select pg_notify(${channel}, '')`);
}

/**
 * Claims due effects for one lease in one statement: rows locked `FOR UPDATE SKIP LOCKED` (two
 * processes never claim the same row), `attempts + 1` and `next_attempt_at = leaseUntil` written
 * before any delivery. Oldest first.
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
    .orderBy(asc(outboxEffects.nextAttemptAt))
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
    });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** A failed attempt: due again at `retryAt`, with the failure's label. */
export async function markEffectFailed(db: Db, id: string, retryAt: Date, lastError: string) {
  await db
    .update(outboxEffects)
    .set({ nextAttemptAt: retryAt, lastError })
    .where(eq(outboxEffects.id, id));
}

/** A delivered effect; `payload`, when given, replaces what the row keeps (a secret dropped). */
export async function markEffectDelivered(db: Db, id: string, at: Date, payload?: unknown) {
  await db
    .update(outboxEffects)
    .set({ deliveredAt: at, lastError: null, ...(payload === undefined ? {} : { payload }) })
    .where(eq(outboxEffects.id, id));
}

/** Deletes effects delivered before `before`. */
export async function deleteDeliveredBefore(db: Db, before: Date) {
  await db.delete(outboxEffects).where(lt(outboxEffects.deliveredAt, before));
}
