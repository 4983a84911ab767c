import { and, desc, eq, gte, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { auditLog, users } from "../../db/schema/index.ts";

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAudit(db: Db, row: AuditRow) {
  await db.insert(auditLog).values(row);
}

export interface AuditFilter {
  action?: string;
  actorId?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  /** The last row of the previous page: rows strictly older come next. */
  after?: { createdAt: Date; id: string };
}

const targetUsers = alias(users, "target_users");

/** Newest first, keyset-paged on (created_at, id) — the order of every audit_log index. */
export async function listAudit(db: Db, filter: AuditFilter, limit: number) {
  const where: (SQL | undefined)[] = [
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lte(auditLog.createdAt, filter.to) : undefined,
    filter.after
      ? or(
          lt(auditLog.createdAt, filter.after.createdAt),
          and(eq(auditLog.createdAt, filter.after.createdAt), lt(auditLog.id, filter.after.id)),
        )
      : undefined,
  ];
  return db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorNickname: users.nickname,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetNickname: targetUsers.nickname,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(
      targetUsers,
      and(
        eq(targetUsers.id, auditLog.targetId),
        or(eq(auditLog.targetType, "user"), eq(auditLog.targetType, "admin")),
      ),
    )
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/**
 * Whether either of two users ever took part in giving the other the admin role: a `user.role`
 * entry whose `after.role` is admin, with one of them as its actor (the admin who confirmed, or
 * who changed the role directly before decision 0049) or as its `after.requestedBy` (the admin
 * who asked), the other as its target. Served by the target index: the entries about each.
 */
export async function hasAdminGrantBetween(db: Db, a: string, b: string) {
  const madeBy = (target: string, maker: string) =>
    and(
      eq(auditLog.targetId, target),
      or(eq(auditLog.actorId, maker), sql`${auditLog.after}->>'requestedBy' = ${maker}`),
    );
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, "user.role"),
        sql`${auditLog.after}->>'role' = 'admin'`,
        or(madeBy(b, a), madeBy(a, b)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
