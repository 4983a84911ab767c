import { TELEGRAM_PLACEHOLDER_EMAIL_DOMAIN as PLACEHOLDER_DOMAIN } from "@fre/shared";
import { and, eq, like, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, telegramAccounts, telegramInitDataUses, users } from "../../db/schema/index.ts";

/** The FRE account a Telegram account is linked to, or null. */
export async function findLinkedUserId(db: Db, telegramId: number): Promise<string | null> {
  const [row] = await db
    .select({ userId: telegramAccounts.userId })
    .from(telegramAccounts)
    .where(eq(telegramAccounts.telegramId, telegramId));
  return row?.userId ?? null;
}

/** The Telegram account linked to the FRE account, or null. */
export async function findTelegramIdOf(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ telegramId: telegramAccounts.telegramId })
    .from(telegramAccounts)
    .where(eq(telegramAccounts.userId, userId));
  return row?.telegramId ?? null;
}

/** Whether the account can still be signed in to (not erased; suspension is checked apart). */
export async function isErased(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, userId));
  return !row || row.erasedAt !== null;
}

export async function findEmailOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

export async function nicknameTaken(db: Db, nickname: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.nickname}) = lower(${nickname})`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Records the init data's signature as used; false when it already was (a replay). Signatures
 * past their expiry are pruned first (they would be refused as too old anyway).
 */
export async function claimInitData(
  db: Db,
  hash: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(telegramInitDataUses).where(lt(telegramInitDataUses.expiresAt, now));
    const inserted = await tx
      .insert(telegramInitDataUses)
      .values({ hash, expiresAt })
      .onConflictDoNothing()
      .returning({ hash: telegramInitDataUses.hash });
    return inserted.length === 1;
  });
}

/** Locks the user row (the link is a change to the account: same order as every writer). */
async function lockUserRow(tx: Tx, userId: string) {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

/**
 * Links the Telegram account to the user and stores its username. "taken" when the Telegram
 * account or the user is already linked (to another): the unique keys decide under a race.
 */
export async function insertLink(
  db: Db,
  link: { telegramId: number; userId: string; username: string | null },
): Promise<"linked" | "taken"> {
  return db.transaction(async (tx) => {
    await lockUserRow(tx, link.userId);
    const inserted = await tx
      .insert(telegramAccounts)
      .values({ telegramId: link.telegramId, userId: link.userId })
      .onConflictDoNothing()
      .returning({ userId: telegramAccounts.userId });
    if (inserted.length === 0) return "taken";
    await tx
      .update(users)
      .set({ telegramUsername: link.username })
      .where(eq(users.id, link.userId));
    return "linked";
  });
}

/** Keeps the stored username as Telegram says it is now (a user may rename themselves). */
export async function refreshUsername(db: Db, userId: string, username: string | null) {
  await db
    .update(users)
    .set({ telegramUsername: username })
    .where(and(eq(users.id, userId), sql`${users.telegramUsername} is distinct from ${username}`));
}

/** Removes an account opened a moment ago whose link lost a race (no ledger row yet). */
export async function deleteFreshUser(db: Db, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}

/** The account's password hash (its credential), or null for an account without one. */
export async function findPasswordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? null;
}

/** The user a referral code names, or null. */
export async function findReferrerByCode(db: Db, code: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, code))
    .limit(1);
  return row?.id ?? null;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

/**
 * Gives an account opened with Telegram its address and password credential, in one
 * transaction with the user's row locked; false when it already has an address (a race).
 */
export async function setEmailAndPassword(
  db: Db,
  change: { userId: string; email: string; passwordHash: string; accountId: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockUserRow(tx, change.userId);
    const updated = await tx
      .update(users)
      .set({ email: change.email, emailVerified: false, updatedAt: change.now })
      .where(and(eq(users.id, change.userId), like(users.email, `%@${PLACEHOLDER_DOMAIN}`)))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await tx.insert(accounts).values({
      id: change.accountId,
      accountId: change.userId,
      providerId: "credential",
      userId: change.userId,
      password: change.passwordHash,
      createdAt: change.now,
      updatedAt: change.now,
    });
    return true;
  });
}
