import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.ts";
import { authFailures, users } from "../../db/schema/index.ts";

export async function nicknameExists(db: Db, nickname: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.nickname}) = lower(${nickname})`)
    .limit(1);
  return rows.length > 0;
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows[0]?.id ?? null;
}

export async function findUserEmailById(db: Db, userId: string): Promise<string | null> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0]?.email ?? null;
}

export async function referralCodeExists(db: Db, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, code))
    .limit(1);
  return rows.length > 0;
}

export async function findUserIdByReferralCode(db: Db, code: string): Promise<string | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, code))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** Advisory-lock class of the sign-in counters (the two-key form; a class per key position). */
const ATTEMPT_LOCK_CLASS = 72_730;

/**
 * Serializes attempts sharing any of these keys until the transaction ends. Each transaction
 * locks at most one key per position, in position order (class `ATTEMPT_LOCK_CLASS + i`), so two
 * attempts never wait on each other in a cycle.
 */
export async function lockAttemptKeys(tx: Tx, keys: string[]) {
  for (const [i, key] of keys.entries()) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_CLASS + i}::int, hashtext(${key}))`,
    );
  }
}

/** The times of the newest `limit` failures on `key` after `since`, newest first. */
export async function recentFailureTimes(
  db: Db | Tx,
  key: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: authFailures.createdAt })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gt(authFailures.createdAt, since)))
    .orderBy(desc(authFailures.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

/** Counts one failure on each key (an attempt's reservation); returns the rows' ids. */
export async function recordFailures(db: Db | Tx, keys: string[], at: Date): Promise<number[]> {
  const rows = await db
    .insert(authFailures)
    .values(keys.map((key) => ({ key, createdAt: at })))
    .returning({ id: authFailures.id });
  return rows.map((row) => row.id);
}

/** Deletes these failure rows and every failure on these keys. */
export async function clearFailures(db: Db, ids: number[], keys: string[]) {
  const conditions = [
    ...(ids.length > 0 ? [inArray(authFailures.id, ids)] : []),
    ...(keys.length > 0 ? [inArray(authFailures.key, keys)] : []),
  ];
  if (conditions.length === 0) return;
  await db.delete(authFailures).where(or(...conditions));
}

export async function pruneFailures(db: Db, before: Date) {
  await db.delete(authFailures).where(lt(authFailures.createdAt, before));
}

/**
 * Claims the right to send a verification mail: stamps the user only when the last mail is
 * older than the cooldown, in one conditional update, so concurrent resends send one mail.
 * Returns "sent-allowed", "cooldown" (with the last send time) or "no-user".
 */
export async function claimVerificationSend(db: Db, email: string, now: Date, cooldownMs: number) {
  const threshold = new Date(now.getTime() - cooldownMs);
  const claimed = await db
    .update(users)
    .set({ verificationSentAt: now })
    .where(
      and(
        eq(users.email, email),
        or(isNull(users.verificationSentAt), lt(users.verificationSentAt, threshold)),
      ),
    )
    .returning({ id: users.id });
  if (claimed.length > 0) return { status: "allowed" as const };
  const rows = await db
    .select({ sentAt: users.verificationSentAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const sentAt = rows[0]?.sentAt;
  if (!rows[0]) return { status: "no-user" as const };
  return { status: "cooldown" as const, sentAt: sentAt ?? now };
}

export async function stampVerificationSent(db: Db, userId: string, at: Date) {
  await db.update(users).set({ verificationSentAt: at }).where(eq(users.id, userId));
}

/**
 * The retention the privacy policy promises: login sessions end at their expiry (30 days after
 * the last visit at most) and verification links at theirs; their rows go then, in bounded
 * batches so a backlog never holds a long lock. Returns how many rows went.
 */
export async function pruneExpiredAuthRows(db: Db, now: Date, batch = 1000): Promise<number> {
  const at = now.toISOString();
  const gone = await db.execute(sql`
    with expired as (
      select id from sessions where expires_at < ${at}::timestamptz limit ${batch}
    ), dropped as (
      delete from sessions where id in (select id from expired) returning 1
    ), stale as (
      select id from verifications where expires_at < ${at}::timestamptz limit ${batch}
    ), unverified as (
      delete from verifications where id in (select id from stale) returning 1
    )
    select (select count(*) from dropped)::int + (select count(*) from unverified)::int as n`);
  return Number(rowsOf<{ n: number }>(gone)[0]?.n ?? 0);
}
