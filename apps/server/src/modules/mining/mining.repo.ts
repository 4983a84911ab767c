import { and, desc, eq, gt, sql } from "drizzle-orm";
import { type Db, preparedFor, type Tx } from "../../db/client.ts";
import { boosts, miningSessions, users } from "../../db/schema/index.ts";

export type SessionRow = typeof miningSessions.$inferSelect;
type Executor = Db | Tx;

export async function findActiveSession(db: Executor, userId: string, forUpdate = false) {
  const query = db
    .select()
    .from(miningSessions)
    .where(and(eq(miningSessions.userId, userId), eq(miningSessions.status, "active")))
    .limit(1);
  const rows = forUpdate ? await query.for("update") : await query;
  return rows[0] ?? null;
}

export async function insertSession(tx: Executor, values: typeof miningSessions.$inferInsert) {
  const [row] = await tx.insert(miningSessions).values(values).returning();
  return row!;
}

export async function updateSession(
  tx: Executor,
  id: string,
  changes: Partial<typeof miningSessions.$inferInsert>,
) {
  await tx.update(miningSessions).set(changes).where(eq(miningSessions.id, id));
}

/** The facts the rate is made of, read at `now`. */
export async function readRateFacts(db: Executor, userId: string, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      level: users.level,
      referrer: users.referredBy,
      emailVerified: users.emailVerified,
      activeReferrals: sql<number>`(
        select count(*)::int from ${users} r
        join ${miningSessions} s on s.user_id = r.id and s.status = 'active' and s.end_time > ${at}
        where r.referred_by = ${userId})`,
      boostsNano: sql<string>`(
        select coalesce(sum(b.value_nano), 0)::text from ${boosts} b
        where b.user_id = ${userId} and b.applied_at <= ${at} and b.expires_at > ${at})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

const miningStateStatement = preparedFor((db) => {
  const at = sql`${sql.placeholder("now")}::timestamptz`;
  const newest = db
    .select()
    .from(miningSessions)
    .where(eq(miningSessions.userId, users.id))
    .orderBy(desc(miningSessions.startTime))
    .limit(1)
    .as("newest");
  return db
    .select({
      level: users.level,
      emailVerified: users.emailVerified,
      activeReferrals: sql<number>`(
        select count(*)::int from ${users} r
        join ${miningSessions} s on s.user_id = r.id and s.status = 'active' and s.end_time > ${at}
        where r.referred_by = ${sql.placeholder("userId")})`,
      boostsNano: sql<string>`(
        select coalesce(sum(b.value_nano), 0)::text from ${boosts} b
        where b.user_id = ${sql.placeholder("userId")} and b.applied_at <= ${at} and b.expires_at > ${at})`,
      session: {
        id: newest.id,
        userId: newest.userId,
        status: newest.status,
        startTime: newest.startTime,
        endTime: newest.endTime,
        baseRateNano: newest.baseRateNano,
        rateNano: newest.rateNano,
        segmentStart: newest.segmentStart,
        accruedNano: newest.accruedNano,
        rateCheckedAt: newest.rateCheckedAt,
        timeReductionMs: newest.timeReductionMs,
        creditedNano: newest.creditedNano,
        claimedAt: newest.claimedAt,
        endedAt: newest.endedAt,
        notificationSent: newest.notificationSent,
        createdAt: newest.createdAt,
      },
    })
    .from(users)
    .leftJoinLateral(newest, sql`true`)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("mining_state");
});

/**
 * The dashboard's whole read in one prepared round trip: the rate facts at `now` and the newest
 * session (the active one when there is one: a session only starts when none is active).
 */
export async function readMiningState(db: Db, userId: string, now: Date) {
  const [row] = await miningStateStatement(db).execute({ userId, now: now.toISOString() });
  return row ?? null;
}

/** Earliest instant after `now` at which a boost of this user expires (a rate change). */
export async function nextBoostExpiry(db: Executor, userId: string, now: Date) {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${boosts.expiresAt})` })
    .from(boosts)
    .where(and(eq(boosts.userId, userId), gt(boosts.expiresAt, now)));
  return row?.at ? new Date(row.at) : null;
}

/** The user's referrer, with the user's nickname (for the referrer's notification). */
export async function findReferrer(db: Executor, userId: string) {
  const [row] = await db
    .select({ referrerId: users.referredBy, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId));
  return row?.referrerId ? { referrerId: row.referrerId, nickname: row.nickname } : null;
}
