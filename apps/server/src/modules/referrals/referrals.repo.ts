import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

export async function listReferrals(db: Db, userId: string, now: Date, limit: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .select({
      nickname: users.nickname,
      joinedAt: users.createdAt,
      active: sql<boolean>`exists (select 1 from mining_sessions s
        where s.user_id = "users"."id" and s.status = 'active' and s.end_time > ${at})`,
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
    .select({ code: users.referralCode, referredBy: users.referredBy })
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
