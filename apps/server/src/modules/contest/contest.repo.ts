import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  contestLinks,
  contestTaskOpens,
  levelValidations,
  tonWallets,
  userPacks,
  users,
} from "../../db/schema/index.ts";

export async function readContestFacts(db: Db, userId: string) {
  const [user] = await db.select({ level: users.level }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [validations, opens, links] = await Promise.all([
    db
      .select()
      .from(levelValidations)
      .where(eq(levelValidations.userId, userId))
      .orderBy(asc(levelValidations.level)),
    db.select().from(contestTaskOpens).where(eq(contestTaskOpens.userId, userId)),
    db.select().from(contestLinks),
  ]);
  return { level: user.level, validations, opens, links };
}

export async function recordOpen(db: Db, userId: string, level: number, at: Date) {
  // The first opening counts: opening the link again does not restart the 10 s.
  await db.insert(contestTaskOpens).values({ userId, level, openedAt: at }).onConflictDoNothing();
}

export async function lockUserLevel(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ level: users.level })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row?.level ?? null;
}

export async function findOpen(tx: Tx, userId: string, level: number) {
  const [row] = await tx
    .select({ openedAt: contestTaskOpens.openedAt })
    .from(contestTaskOpens)
    .where(and(eq(contestTaskOpens.userId, userId), eq(contestTaskOpens.level, level)));
  return row?.openedAt ?? null;
}

export async function hasVerifiedReferral(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.referredBy, userId), eq(users.emailVerified, true)));
  return (row?.n ?? 0) > 0;
}

/** Task 7: a wallet whose ownership the user proved (ton_proof). */
export async function hasTonWallet(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ userId: tonWallets.userId })
    .from(tonWallets)
    .where(eq(tonWallets.userId, userId));
  return row !== undefined;
}

/** Tasks 8–10: the pack is the user's (a paid order, or an admin's grant of a paid order). */
export async function ownsPack(tx: Tx, userId: string, itemId: string) {
  const [row] = await tx
    .select({ itemId: userPacks.itemId })
    .from(userPacks)
    .where(and(eq(userPacks.userId, userId), eq(userPacks.itemId, itemId)));
  return row !== undefined;
}

export async function validateLevel(
  tx: Tx,
  values: { userId: string; level: number; rewardNano: bigint; at: Date },
) {
  await tx.insert(levelValidations).values({
    userId: values.userId,
    level: values.level,
    rewardNano: values.rewardNano,
    validatedAt: values.at,
  });
  await tx.update(users).set({ level: values.level }).where(eq(users.id, values.userId));
}

/** The stored links of these levels, locked until the transaction ends (level order). */
export async function lockLinks(db: Db, levels: number[]) {
  if (levels.length === 0) return [];
  return db
    .select({ level: contestLinks.level, url: contestLinks.url })
    .from(contestLinks)
    .where(inArray(contestLinks.level, levels))
    .orderBy(asc(contestLinks.level))
    .for("update");
}

export async function upsertLinks(db: Db, links: { level: number; url: string }[], at: Date) {
  for (const link of links) {
    await db
      .insert(contestLinks)
      .values({ ...link, updatedAt: at })
      .onConflictDoUpdate({ target: contestLinks.level, set: { url: link.url, updatedAt: at } });
  }
}

export async function listValidations(db: Db, userId: string) {
  return db
    .select()
    .from(levelValidations)
    .where(eq(levelValidations.userId, userId))
    .orderBy(asc(levelValidations.level));
}
