import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { latestRows } from "../../db/latest-rows.ts";
import {
  accountSignals,
  circleMembers,
  kycRequests,
  pushSubscriptions,
  sessions,
  users,
} from "../../db/schema/index.ts";

/**
 * The parts of the user page beyond money (issue 34 point 3): KYC, circle, referrals, sign-in
 * sessions and devices, each the latest few by the owner's index, with a count.
 */

export async function kycOf(db: Db, userId: string) {
  const reviewer = alias(users, "reviewer");
  const [row] = await db
    .select({
      status: kycRequests.status,
      submittedAt: kycRequests.submittedAt,
      reviewedAt: kycRequests.reviewedAt,
      reviewerId: kycRequests.reviewedBy,
      reviewerNickname: reviewer.nickname,
      rejectionReason: kycRequests.rejectionReason,
    })
    .from(kycRequests)
    .leftJoin(reviewer, eq(reviewer.id, kycRequests.reviewedBy))
    .where(eq(kycRequests.userId, userId));
  return row ?? null;
}

export async function circleCounts(db: Db, userId: string) {
  const [[members], [namedBy]] = await Promise.all([
    db.select({ n: count() }).from(circleMembers).where(eq(circleMembers.userId, userId)),
    db.select({ n: count() }).from(circleMembers).where(eq(circleMembers.memberId, userId)),
  ]);
  return { members: members?.n ?? 0, namedBy: namedBy?.n ?? 0 };
}

export async function referrerOf(db: Db, userId: string) {
  const referrer = alias(users, "referrer");
  const [row] = await db
    .select({ id: referrer.id, nickname: referrer.nickname })
    .from(users)
    .innerJoin(referrer, eq(referrer.id, users.referredBy))
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Whom they brought, newest first; "active" as the referrals screen says it (spec §5). The column
 * is named with its table: a bare `id` would be the mining session's own.
 */
export async function referredUsers(db: Db, userId: string, now: Date, limit: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .select({
      id: users.id,
      nickname: users.nickname,
      joinedAt: users.createdAt,
      suspendedAt: users.suspendedAt,
      active: sql<boolean>`exists (select 1 from mining_sessions s
        where s.user_id = "users"."id" and s.status = 'active' and s.end_time > ${at})`,
    })
    .from(users)
    .where(eq(users.referredBy, userId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/** Better Auth's sessions of the user, newest first: no token and no address leave here. */
export async function signInSessionsOf(db: Db, userId: string, limit: number) {
  const [rows, [total]] = await Promise.all([
    latestRows(
      db
        .select({
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .$dynamic(),
      [sessions.userId, userId],
      sessions.createdAt,
      limit,
    ),
    db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function pushSubscriptionsOf(db: Db, userId: string, limit: number) {
  return latestRows(
    db
      .select({
        createdAt: pushSubscriptions.createdAt,
        endpoint: pushSubscriptions.endpoint,
      })
      .from(pushSubscriptions)
      .$dynamic(),
    [pushSubscriptions.userId, userId],
    pushSubscriptions.createdAt,
    limit,
  );
}

/**
 * The browsers the risk signals recognised (a keyed hash of a first-party id, decision 0045), most
 * recently seen first, each with how many other accounts were seen on it. The hash stays here.
 */
export async function recognisedBrowsersOf(db: Db, userId: string, limit: number) {
  const mine = and(eq(accountSignals.userId, userId), isNotNull(accountSignals.device));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        firstSeenAt: sql<Date | string>`min(${accountSignals.createdAt})`,
        lastSeenAt: sql<Date | string>`max(${accountSignals.createdAt})`,
        signIns: sql<number>`(count(*) filter (where ${accountSignals.kind} = 'sign-in'))::int`,
        // The outer column by its table's name: drizzle writes a bare "device", which inside
        // the subquery would be o's own and count every account.
        sharedWith: sql<number>`(select count(distinct o.user_id)::int from account_signals o
          where o.device = "account_signals"."device" and o.user_id <> ${userId})`,
      })
      .from(accountSignals)
      .where(mine)
      .groupBy(accountSignals.device)
      .orderBy(desc(sql`max(${accountSignals.createdAt})`))
      .limit(limit),
    db
      .select({ n: sql<number>`count(distinct ${accountSignals.device})::int` })
      .from(accountSignals)
      .where(mine),
  ]);
  return { rows, count: total?.n ?? 0 };
}
