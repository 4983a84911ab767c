import { and, count, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
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

/** Failures per key inside the window, with the oldest one (to tell when the lock ends). */
export async function countRecentFailures(db: Db, keys: string[], since: Date) {
  const rows = await db
    .select({
      key: authFailures.key,
      failures: count(),
      oldest: sql<Date | string>`min(${authFailures.createdAt})`,
    })
    .from(authFailures)
    .where(and(inArray(authFailures.key, keys), gt(authFailures.createdAt, since)))
    .groupBy(authFailures.key);
  return rows.map((row) => ({ ...row, oldest: new Date(row.oldest) }));
}

export async function recordFailures(db: Db, keys: string[], at: Date) {
  await db.insert(authFailures).values(keys.map((key) => ({ key, createdAt: at })));
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(authFailures).where(eq(authFailures.key, key));
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
