import { and, count, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  adminCodes,
  adminElevations,
  adminSecurityLogs,
  adminSettings,
  users,
  withdrawals,
} from "../../db/schema/index.ts";

const SECURITY_ID = "security";

export async function findDefaultCodeHash(db: Db): Promise<string | null> {
  const rows = await db
    .select({ hash: adminSettings.defaultCodeHash })
    .from(adminSettings)
    .where(eq(adminSettings.id, SECURITY_ID))
    .limit(1);
  return rows[0]?.hash ?? null;
}

/** Creates the security settings once; false when another instance already did. */
export async function createSecuritySettings(db: Db, defaultCodeHash: string): Promise<boolean> {
  const rows = await db
    .insert(adminSettings)
    .values({ id: SECURITY_ID, defaultCodeHash })
    .onConflictDoNothing()
    .returning({ id: adminSettings.id });
  return rows.length > 0;
}

export async function findPersonalCodeHash(db: Db, userId: string): Promise<string | null> {
  const rows = await db
    .select({ hash: adminCodes.codeHash })
    .from(adminCodes)
    .where(eq(adminCodes.userId, userId))
    .limit(1);
  return rows[0]?.hash ?? null;
}

export async function assignCodeIfMissing(db: Db, userId: string, codeHash: string) {
  await db.insert(adminCodes).values({ userId, codeHash }).onConflictDoNothing();
}

export async function upsertPersonalCode(db: Db, userId: string, codeHash: string, now: Date) {
  await db
    .insert(adminCodes)
    .values({ userId, codeHash, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: adminCodes.userId, set: { codeHash, updatedAt: now } });
}

export async function addSecurityLog(db: Db, userId: string, action: string, at: Date) {
  await db.insert(adminSecurityLogs).values({ userId, action, createdAt: at });
}

/** Whether any admin has ever set their own access code. */
export async function anyCodeChanged(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: adminSecurityLogs.id })
    .from(adminSecurityLogs)
    .where(eq(adminSecurityLogs.action, "code_changed"))
    .limit(1);
  return row !== undefined;
}

export async function listSecurityLogs(db: Db, limit: number) {
  return db
    .select({
      id: adminSecurityLogs.id,
      userId: adminSecurityLogs.userId,
      nickname: users.nickname,
      action: adminSecurityLogs.action,
      createdAt: adminSecurityLogs.createdAt,
    })
    .from(adminSecurityLogs)
    .leftJoin(users, eq(users.id, adminSecurityLogs.userId))
    .orderBy(desc(adminSecurityLogs.createdAt))
    .limit(limit);
}

export async function upsertElevation(db: Db, sessionId: string, userId: string, expiresAt: Date) {
  await db
    .insert(adminElevations)
    .values({ sessionId, userId, expiresAt })
    .onConflictDoUpdate({ target: adminElevations.sessionId, set: { userId, expiresAt } });
}

/** Extends a live elevation of this session and user; null when there is none. */
export async function touchElevation(
  db: Db,
  sessionId: string,
  userId: string,
  now: Date,
  expiresAt: Date,
) {
  const rows = await db
    .update(adminElevations)
    .set({ expiresAt })
    .where(
      and(
        eq(adminElevations.sessionId, sessionId),
        eq(adminElevations.userId, userId),
        gt(adminElevations.expiresAt, now),
      ),
    )
    .returning({ expiresAt: adminElevations.expiresAt });
  return rows[0]?.expiresAt ?? null;
}

export async function findElevation(db: Db, sessionId: string, userId: string, now: Date) {
  const rows = await db
    .select({ expiresAt: adminElevations.expiresAt })
    .from(adminElevations)
    .where(
      and(
        eq(adminElevations.sessionId, sessionId),
        eq(adminElevations.userId, userId),
        gt(adminElevations.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0]?.expiresAt ?? null;
}

export async function deleteElevation(db: Db, sessionId: string) {
  await db.delete(adminElevations).where(eq(adminElevations.sessionId, sessionId));
}

export async function countPendingWithdrawals(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(eq(withdrawals.status, "pending"));
  return row?.n ?? 0;
}

export async function countPendingKyc(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.kycStatus, "pending"));
  return row?.n ?? 0;
}

/** An account's id and role by e-mail, its row locked until the transaction ends (code reset). */
export async function lockAccountByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .for("update");
  return row ?? null;
}

/** Ends every admin elevation of this user, whichever session holds it; how many ended. */
export async function deleteElevationsOf(db: Db, userId: string) {
  const rows = await db
    .delete(adminElevations)
    .where(eq(adminElevations.userId, userId))
    .returning({ sessionId: adminElevations.sessionId });
  return rows.length;
}
