import { aliasedTable, and, asc, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adminRoleGrants, users } from "../../db/schema/index.ts";

type GrantStatus = (typeof adminRoleGrants.$inferSelect)["status"];

const grantColumns = {
  id: adminRoleGrants.id,
  granteeId: adminRoleGrants.granteeId,
  requestedBy: adminRoleGrants.requestedBy,
  reason: adminRoleGrants.reason,
  status: adminRoleGrants.status,
  requestedAt: adminRoleGrants.requestedAt,
  expiresAt: adminRoleGrants.expiresAt,
};

/** Whose grant it is, unlocked: the caller locks that user's row first, then the grant. */
export async function findGrantee(db: Db, grantId: string) {
  const [row] = await db
    .select({ granteeId: adminRoleGrants.granteeId })
    .from(adminRoleGrants)
    .where(eq(adminRoleGrants.id, grantId));
  return row?.granteeId ?? null;
}

export async function lockGrant(db: Db, grantId: string) {
  const [row] = await db
    .select(grantColumns)
    .from(adminRoleGrants)
    .where(eq(adminRoleGrants.id, grantId))
    .for("update");
  return row ?? null;
}

/** The user's one pending grant (the partial unique index holds at most one), locked. */
export async function lockPendingGrantOf(db: Db, granteeId: string) {
  const [row] = await db
    .select(grantColumns)
    .from(adminRoleGrants)
    .where(and(eq(adminRoleGrants.granteeId, granteeId), eq(adminRoleGrants.status, "pending")))
    .for("update");
  return row ?? null;
}

export async function insertGrant(
  db: Db,
  grant: { granteeId: string; requestedBy: string; reason: string; at: Date; expiresAt: Date },
) {
  const [row] = await db
    .insert(adminRoleGrants)
    .values({
      granteeId: grant.granteeId,
      requestedBy: grant.requestedBy,
      reason: grant.reason,
      requestedAt: grant.at,
      expiresAt: grant.expiresAt,
    })
    .returning({ id: adminRoleGrants.id });
  return row!.id;
}

/** Ends a pending grant: confirmed or cancelled by `decidedBy`, or lapsed (nobody). */
export async function closeGrant(
  db: Db,
  grantId: string,
  status: Exclude<GrantStatus, "pending">,
  decidedBy: string | null,
  at: Date,
) {
  await db
    .update(adminRoleGrants)
    .set({ status, decidedBy, decidedAt: at })
    .where(and(eq(adminRoleGrants.id, grantId), eq(adminRoleGrants.status, "pending")));
}

/**
 * The user's pending grant as the console shows it: not expired, and its requester still an
 * active admin (the role, not erased, not suspended); null otherwise.
 */
export async function liveGrantOf(db: Db, granteeId: string, now: Date) {
  const [row] = await db
    .select({
      id: adminRoleGrants.id,
      requestedBy: adminRoleGrants.requestedBy,
      requesterNickname: users.nickname,
      reason: adminRoleGrants.reason,
      requestedAt: adminRoleGrants.requestedAt,
      expiresAt: adminRoleGrants.expiresAt,
    })
    .from(adminRoleGrants)
    .innerJoin(users, eq(users.id, adminRoleGrants.requestedBy))
    .where(
      and(
        eq(adminRoleGrants.granteeId, granteeId),
        eq(adminRoleGrants.status, "pending"),
        gt(adminRoleGrants.expiresAt, now),
        eq(users.role, "admin"),
        isNull(users.erasedAt),
        isNull(users.suspendedAt),
      ),
    );
  return row ?? null;
}

const grantee = aliasedTable(users, "grantee");

/**
 * Live grants (as liveGrantOf: not expired, the requester an active admin) of accounts that are
 * still there, oldest first: what waits for a second admin.
 */
const liveGrants = (now: Date) =>
  and(
    eq(adminRoleGrants.status, "pending"),
    gt(adminRoleGrants.expiresAt, now),
    eq(users.role, "admin"),
    isNull(users.erasedAt),
    isNull(users.suspendedAt),
    isNull(grantee.erasedAt),
  );

export async function livePendingGrants(db: Db, now: Date, limit: number) {
  return db
    .select({
      id: adminRoleGrants.id,
      requestedBy: adminRoleGrants.requestedBy,
      requesterNickname: users.nickname,
      granteeId: adminRoleGrants.granteeId,
      granteeNickname: grantee.nickname,
      reason: adminRoleGrants.reason,
      requestedAt: adminRoleGrants.requestedAt,
      expiresAt: adminRoleGrants.expiresAt,
    })
    .from(adminRoleGrants)
    .innerJoin(users, eq(users.id, adminRoleGrants.requestedBy))
    .innerJoin(grantee, eq(grantee.id, adminRoleGrants.granteeId))
    .where(liveGrants(now))
    .orderBy(asc(adminRoleGrants.requestedAt))
    .limit(limit);
}

export async function countLivePendingGrants(db: Db, now: Date) {
  const [row] = await db
    .select({ count: count() })
    .from(adminRoleGrants)
    .innerJoin(users, eq(users.id, adminRoleGrants.requestedBy))
    .innerJoin(grantee, eq(grantee.id, adminRoleGrants.granteeId))
    .where(liveGrants(now));
  return row?.count ?? 0;
}
