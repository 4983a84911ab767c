import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/** True when the user has a session running at `at` (a referral "active now", spec §5). */
const miningAt = (at: SQL) =>
  sql<boolean>`exists (select 1 from mining_sessions s
    where s.user_id = "users"."id" and s.status = 'active' and s.end_time > ${at})`;

export async function listReferrals(db: Db, userId: string, now: Date, limit: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .select({
      id: users.id,
      nickname: users.nickname,
      joinedAt: users.createdAt,
      active: miningAt(at),
      remindedAt: sql<string | Date | null>`(select r.reminded_at from referral_reminders r
        where r.referral_id = "users"."id")`,
    })
    .from(users)
    .where(eq(users.referredBy, userId))
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

export async function countReferrals(db: Db, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.referredBy, userId));
  return row?.n ?? 0;
}

export async function findReferralFacts(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({
      code: users.referralCode,
      referredBy: users.referredBy,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findUserByCode(db: Db | Tx, code: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
  return row?.id ?? null;
}

/** True when `target` is `start`'s referrer, or its referrer's referrer, and so on. */
export async function isInReferrerChain(tx: Tx, start: string, target: string) {
  const result = await tx.execute(sql`
    with recursive chain(id, depth) as (
      select referred_by, 1 from users where id = ${start}
      union all
      select u.referred_by, c.depth + 1 from users u join chain c on u.id = c.id
      where c.id is not null and c.depth < 1000
    )
    select 1 as found from chain where id = ${target} limit 1`);
  return rowsOf(result).length > 0;
}

export async function setReferrerIfNone(tx: Tx, userId: string, referrerId: string) {
  const rows = await tx
    .update(users)
    .set({ referredBy: referrerId })
    .where(and(eq(users.id, userId), isNull(users.referredBy)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Serialises referrer changes so two users cannot pick each other at the same instant. */
export async function lockReferralGraph(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
}

/** One of `referrerId`'s referrals, with whether it mines right now; null when not theirs. */
export async function findOwnReferral(tx: Tx, referrerId: string, referralId: string, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await tx
    .select({
      id: users.id,
      nickname: users.nickname,
      active: miningAt(at),
      referrerNickname: sql<string>`(select r.nickname from users r where r.id = ${referrerId})`,
    })
    .from(users)
    .where(and(eq(users.id, referralId), eq(users.referredBy, referrerId)));
  return row ?? null;
}

/**
 * Stamps a reminder for `referralId` unless one was sent after `since`, in one statement (two
 * taps at once cannot both pass). Returns the stamp written, or null with the standing one.
 */
export async function stampReminder(tx: Tx, referralId: string, now: Date, since: Date) {
  const result = await tx.execute(sql`
    insert into referral_reminders (referral_id, reminded_at)
    values (${referralId}, ${now.toISOString()}::timestamptz)
    on conflict (referral_id) do update set reminded_at = excluded.reminded_at
      where referral_reminders.reminded_at <= ${since.toISOString()}::timestamptz
    returning reminded_at as "remindedAt"`);
  const [written] = rowsOf<{ remindedAt: string | Date }>(result);
  if (written) return { written: true, remindedAt: new Date(written.remindedAt) };
  const standing = await tx.execute(
    sql`select reminded_at as "remindedAt" from referral_reminders where referral_id = ${referralId}`,
  );
  const [row] = rowsOf<{ remindedAt: string | Date }>(standing);
  return { written: false, remindedAt: new Date(row?.remindedAt ?? now) };
}
