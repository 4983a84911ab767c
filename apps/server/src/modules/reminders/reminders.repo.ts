import { and, asc, count, eq, gt, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  dailyStreaks,
  miningSessions,
  telegramAccounts,
  telegramReminderSettings,
  telegramReminders,
  users,
} from "../../db/schema/index.ts";

/** The SQL of the Telegram reminders; the rules live in `reminders.service.ts`. */

type Executor = Db | Tx;

export interface SettingsRow {
  sessionEnded: boolean;
  streak: boolean;
  withdrawalPaid: boolean;
  supportAnswered: boolean;
  leagueResult: boolean;
  botBlockedAt: Date | null;
}

/** The switches of `SettingsRow`, as selected (in this order) wherever they are read. */
const settingsColumns = {
  sessionEnded: telegramReminderSettings.sessionEnded,
  streak: telegramReminderSettings.streak,
  withdrawalPaid: telegramReminderSettings.withdrawalPaid,
  supportAnswered: telegramReminderSettings.supportAnswered,
  leagueResult: telegramReminderSettings.leagueResult,
  botBlockedAt: telegramReminderSettings.botBlockedAt,
};

/** Who a reminder goes to, read at send time: nobody without a Telegram link or once erased. */
export interface RecipientRow extends Partial<SettingsRow> {
  userId: string;
  telegramId: number;
  language: string;
  erased: boolean;
  timeZone: string | null;
}

export async function findRecipient(db: Executor, userId: string): Promise<RecipientRow | null> {
  const [row] = await db
    .select({
      userId: users.id,
      telegramId: telegramAccounts.telegramId,
      language: users.language,
      erased: sql<boolean>`${users.erasedAt} is not null`,
      timeZone: dailyStreaks.timeZone,
      ...settingsColumns,
    })
    .from(users)
    .innerJoin(telegramAccounts, eq(telegramAccounts.userId, users.id))
    .leftJoin(dailyStreaks, eq(dailyStreaks.userId, users.id))
    .leftJoin(telegramReminderSettings, eq(telegramReminderSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    ...row,
    sessionEnded: row.sessionEnded ?? undefined,
    streak: row.streak ?? undefined,
    withdrawalPaid: row.withdrawalPaid ?? undefined,
    supportAnswered: row.supportAnswered ?? undefined,
    leagueResult: row.leagueResult ?? undefined,
  };
}

export async function findSettings(db: Executor, userId: string) {
  const [row] = await db
    .select(settingsColumns)
    .from(telegramReminderSettings)
    .where(eq(telegramReminderSettings.userId, userId));
  return row ?? null;
}

export async function isTelegramLinked(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: telegramAccounts.telegramId })
    .from(telegramAccounts)
    .where(eq(telegramAccounts.userId, userId));
  return Boolean(row);
}

/** Writes the switches given (the others keep their value, or their default on a new row). */
export async function upsertSettings(
  db: Executor,
  userId: string,
  changes: Partial<Omit<SettingsRow, "botBlockedAt">> & { botBlockedAt?: Date | null },
  at: Date,
) {
  const [row] = await db
    .insert(telegramReminderSettings)
    .values({ userId, ...changes, updatedAt: at })
    .onConflictDoUpdate({
      target: telegramReminderSettings.userId,
      set: { ...changes, updatedAt: at },
    })
    .returning();
  return row!;
}

/** Telegram answered 403: the user blocked the bot. */
export async function markBotBlocked(db: Executor, userId: string, at: Date) {
  await db
    .insert(telegramReminderSettings)
    .values({ userId, botBlockedAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: telegramReminderSettings.userId,
      set: { botBlockedAt: at, updatedAt: at },
    });
}

/** Schedules a reminder unless one of this source exists (a redelivered notice). */
export async function insertReminderOnce(
  db: Executor,
  reminder: {
    userId: string;
    type: string;
    sourceKey: string;
    params: Record<string, string | number>;
    dueAt: Date;
    staleAt: Date;
    at: Date;
  },
) {
  const rows = await db
    .insert(telegramReminders)
    .values({
      userId: reminder.userId,
      type: reminder.type,
      sourceKey: reminder.sourceKey,
      params: reminder.params,
      dueAt: reminder.dueAt,
      staleAt: reminder.staleAt,
      createdAt: reminder.at,
    })
    .onConflictDoNothing()
    .returning({ id: telegramReminders.id });
  return rows.length > 0;
}

export interface DueReminder {
  id: string;
  userId: string;
  type: string;
  params: Record<string, string | number>;
  dueAt: Date;
  staleAt: Date;
  attempts: number;
}

/**
 * Claims due reminders for a lease (`due_at` moved to `leaseUntil`, `attempts + 1`) in one
 * statement, rows locked SKIP LOCKED: a sender that dies mid-send leaves them to the next.
 */
export async function claimDueReminders(
  db: Db,
  claim: { now: Date; leaseUntil: Date; limit: number },
): Promise<DueReminder[]> {
  const due = db
    .select({ id: telegramReminders.id })
    .from(telegramReminders)
    .where(and(eq(telegramReminders.status, "pending"), lte(telegramReminders.dueAt, claim.now)))
    .orderBy(asc(telegramReminders.dueAt))
    .limit(claim.limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(telegramReminders)
    .set({ dueAt: claim.leaseUntil, attempts: sql`${telegramReminders.attempts} + 1` })
    .where(inArray(telegramReminders.id, due))
    .returning({
      id: telegramReminders.id,
      userId: telegramReminders.userId,
      type: telegramReminders.type,
      params: telegramReminders.params,
      staleAt: telegramReminders.staleAt,
      attempts: telegramReminders.attempts,
      createdAt: telegramReminders.createdAt,
    });
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((row) => ({
      ...row,
      params: (row.params ?? {}) as Record<string, string | number>,
      dueAt: claim.now,
    }));
}

export async function markReminderSent(db: Db, id: string, at: Date) {
  await db
    .update(telegramReminders)
    .set({ status: "sent", sentAt: at, reason: null })
    .where(eq(telegramReminders.id, id));
}

export async function markReminderDropped(db: Db, id: string, reason: string) {
  await db
    .update(telegramReminders)
    .set({ status: "dropped", reason: reason.slice(0, 100) })
    .where(eq(telegramReminders.id, id));
}

/** Due again at `dueAt` (quiet hours, pacing, a 429's retry_after, a retry after a failure). */
export async function rescheduleReminder(
  db: Db,
  id: string,
  dueAt: Date,
  options: { reason?: string; refund?: boolean } = {},
) {
  await db
    .update(telegramReminders)
    .set({
      dueAt,
      reason: options.reason ?? null,
      // Deferred, not tried: the claim's attempt is given back.
      ...(options.refund ? { attempts: sql`greatest(${telegramReminders.attempts} - 1, 0)` } : {}),
    })
    .where(eq(telegramReminders.id, id));
}

/** Sent and dropped reminders made before `before`: how many were deleted. */
export async function deleteSettledReminders(db: Db, before: Date) {
  const deleted = await db
    .delete(telegramReminders)
    .where(
      and(
        inArray(telegramReminders.status, ["sent", "dropped"]),
        lt(telegramReminders.createdAt, before),
      ),
    )
    .returning({ id: telegramReminders.id });
  return deleted.length;
}

/** Reminders sent to a user since `since` (the daily cap counts their local day). */
export async function countSentSince(db: Executor, userId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(telegramReminders)
    .where(
      and(
        eq(telegramReminders.userId, userId),
        eq(telegramReminders.status, "sent"),
        gte(telegramReminders.sentAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/** What a user's reminders became (the tests and support read it). */
export async function listReminders(db: Executor, userId: string) {
  return db
    .select({
      type: telegramReminders.type,
      status: telegramReminders.status,
      reason: telegramReminders.reason,
      dueAt: telegramReminders.dueAt,
      sentAt: telegramReminders.sentAt,
      attempts: telegramReminders.attempts,
    })
    .from(telegramReminders)
    .where(eq(telegramReminders.userId, userId))
    .orderBy(asc(telegramReminders.createdAt));
}

/**
 * Telegram-linked users whose streak is alive and would break tonight without a claim: a streak,
 * no freeze to bridge the day, the bot not blocked and the warning not switched off. The local
 * date tests (last claim yesterday) are the service's, in each user's zone.
 */
export async function streakCandidates(
  db: Executor,
  page: { minLastClaim: string; afterUserId: string; limit: number },
) {
  return db
    .select({
      userId: dailyStreaks.userId,
      timeZone: dailyStreaks.timeZone,
      lastClaimDate: dailyStreaks.lastClaimDate,
      streak: dailyStreaks.streak,
    })
    .from(dailyStreaks)
    .innerJoin(telegramAccounts, eq(telegramAccounts.userId, dailyStreaks.userId))
    .innerJoin(users, eq(users.id, dailyStreaks.userId))
    .leftJoin(telegramReminderSettings, eq(telegramReminderSettings.userId, dailyStreaks.userId))
    .where(
      and(
        gt(dailyStreaks.streak, 0),
        eq(dailyStreaks.freezes, 0),
        gte(dailyStreaks.lastClaimDate, page.minLastClaim),
        gt(dailyStreaks.userId, page.afterUserId),
        isNull(users.erasedAt),
        isNull(telegramReminderSettings.botBlockedAt),
        sql`coalesce(${telegramReminderSettings.streak}, true)`,
      ),
    )
    .orderBy(asc(dailyStreaks.userId))
    .limit(page.limit);
}

/**
 * A mining session of the user's still waits for its claim and has ended by `by`: what the
 * « session ended » reminder is about (claimed or restarted since, it has nothing to say).
 */
export async function hasEndedUnclaimedSession(db: Executor, userId: string, by: Date) {
  const [row] = await db
    .select({ id: miningSessions.id })
    .from(miningSessions)
    .where(
      and(
        eq(miningSessions.userId, userId),
        eq(miningSessions.status, "active"),
        lte(miningSessions.endTime, by),
      ),
    )
    .limit(1);
  return Boolean(row);
}
