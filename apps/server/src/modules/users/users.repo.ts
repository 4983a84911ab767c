import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, tonWallets, users } from "../../db/schema/index.ts";

const profileColumns = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  nickname: users.nickname,
  referralCode: users.referralCode,
  role: users.role,
  level: users.level,
  kycStatus: users.kycStatus,
  language: users.language,
  cookieConsent: users.cookieConsent,
  createdAt: users.createdAt,
  balance: users.balance,
  totalMined: users.totalMined,
};

/** The profile and, in the same read, the linked TON wallet (null without one). */
export async function findProfile(db: Db, userId: string) {
  const rows = await db
    .select({ ...profileColumns, wallet: tonWallets })
    .from(users)
    .leftJoin(tonWallets, eq(tonWallets.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: Partial<Pick<typeof users.$inferInsert, "language" | "cookieConsent">>,
  now: Date,
) {
  await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function findRole(db: Db, userId: string) {
  const rows = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0]?.role ?? null;
}

export async function setRoleByEmail(db: Db, email: string, role: "user" | "admin") {
  const rows = await db
    .update(users)
    .set({ role })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Who a mail goes to: address, nickname and language; nobody for an erased account. */
export async function findMailRecipient(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, nickname: users.nickname, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)));
  return row ?? null;
}

/** When (and why) the account was suspended; null when it is not, or there is no such user. */
export async function findSuspension(db: Db, userId: string) {
  const [row] = await db
    .select({ at: users.suspendedAt, reason: users.suspendedReason })
    .from(users)
    .where(eq(users.id, userId));
  return row?.at ? { at: row.at, reason: row.reason } : null;
}

/** Ends every sign-in session of the user (their admin elevations go with them). */
export async function deleteSessionsOf(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
