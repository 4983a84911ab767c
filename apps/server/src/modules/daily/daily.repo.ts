import { and, asc, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { boosts, dailyClaims, dailyStreaks, users } from "../../db/schema/index.ts";

type Conn = Db | Tx;
export type StreakRow = typeof dailyStreaks.$inferSelect;

export async function isEmailVerified(db: Conn, userId: string) {
  const [row] = await db
    .select({ verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.verified === true;
}

export async function findStreak(db: Conn, userId: string, forUpdate = false) {
  const query = db.select().from(dailyStreaks).where(eq(dailyStreaks.userId, userId));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** Creates the user's streak in `timeZone` unless it exists (two first reads make one). */
export async function createStreak(db: Conn, userId: string, timeZone: string, now: Date) {
  await db
    .insert(dailyStreaks)
    .values({ userId, timeZone, updatedAt: now })
    .onConflictDoNothing({ target: dailyStreaks.userId });
}

/** When the claim of `localDate` was made (the last claim's instant). */
export async function claimedAt(db: Conn, userId: string, localDate: string) {
  const [row] = await db
    .select({ at: dailyClaims.claimedAt })
    .from(dailyClaims)
    .where(and(eq(dailyClaims.userId, userId), eq(dailyClaims.localDate, localDate)))
    .limit(1);
  return row?.at ?? null;
}

/** The day's claim row; false when that local day already has one (a race lost). */
export async function insertClaim(tx: Tx, values: typeof dailyClaims.$inferInsert) {
  const rows = await tx
    .insert(dailyClaims)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: dailyClaims.userId });
  return rows.length === 1;
}

export async function updateStreak(
  db: Conn,
  userId: string,
  changes: Partial<Omit<typeof dailyStreaks.$inferInsert, "userId">>,
) {
  const [row] = await db
    .update(dailyStreaks)
    .set(changes)
    .where(eq(dailyStreaks.userId, userId))
    .returning();
  return row ?? null;
}

/** The day-7 boost (nFRE per hour, like every boost). */
export async function addBoost(tx: Tx, values: typeof boosts.$inferInsert) {
  await tx.insert(boosts).values(values);
}

/**
 * A page of users who may get tonight's reminder (keyset by user id): reminders on, at least one
 * past claim, not claimed on `maxToday` (the latest local date any zone has now), not reminded on
 * it, a verified e-mail. The caller checks each one's own local evening.
 */
export async function reminderCandidates(
  db: Db,
  p: { maxToday: string; afterUserId: string; limit: number },
) {
  return db
    .select({
      userId: dailyStreaks.userId,
      timeZone: dailyStreaks.timeZone,
      lastClaimDate: dailyStreaks.lastClaimDate,
      lastRemindedDate: dailyStreaks.lastRemindedDate,
    })
    .from(dailyStreaks)
    .innerJoin(users, eq(users.id, dailyStreaks.userId))
    .where(
      and(
        eq(dailyStreaks.reminders, true),
        isNotNull(dailyStreaks.lastClaimDate),
        lt(dailyStreaks.lastClaimDate, p.maxToday),
        or(isNull(dailyStreaks.lastRemindedDate), lt(dailyStreaks.lastRemindedDate, p.maxToday)),
        eq(users.emailVerified, true),
        gt(dailyStreaks.userId, p.afterUserId),
      ),
    )
    .orderBy(asc(dailyStreaks.userId))
    .limit(p.limit);
}

/**
 * Marks `today` as reminded unless it already is or was claimed meanwhile: one statement, so two
 * processes never both send the day's reminder. True when this caller marked it.
 */
export async function markReminded(tx: Tx, userId: string, today: string) {
  const rows = await tx
    .update(dailyStreaks)
    .set({ lastRemindedDate: today })
    .where(
      and(
        eq(dailyStreaks.userId, userId),
        eq(dailyStreaks.reminders, true),
        lt(dailyStreaks.lastClaimDate, today),
        or(isNull(dailyStreaks.lastRemindedDate), lt(dailyStreaks.lastRemindedDate, today)),
      ),
    )
    .returning({ userId: dailyStreaks.userId });
  return rows.length === 1;
}
