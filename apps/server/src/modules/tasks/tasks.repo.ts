import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.ts";
import { boosts, taskProgress, tasks } from "../../db/schema/index.ts";

export type TaskRow = typeof tasks.$inferSelect;
export type ProgressRow = typeof taskProgress.$inferSelect;
type Executor = Db | Tx;

/** Tasks a user may see: active and begun, or ended less than a week ago, or done by them. */
export async function listUserTasks(db: Db, userId: string, now: Date) {
  const at = now.toISOString();
  return db
    .select({ task: tasks, progress: taskProgress })
    .from(tasks)
    .leftJoin(taskProgress, and(eq(taskProgress.taskId, tasks.id), eq(taskProgress.userId, userId)))
    .where(
      sql`(${taskProgress.completedAt} is not null) or (${tasks.active}
        and (${tasks.startsAt} is null or ${tasks.startsAt} <= ${at}::timestamptz)
        and (${tasks.endsAt} is null or ${tasks.endsAt} > ${at}::timestamptz - interval '7 days'))`,
    )
    .orderBy(desc(tasks.createdAt))
    .limit(200);
}

export async function findTask(db: Executor, id: string) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row ?? null;
}

export async function lockTask(tx: Tx, id: string) {
  const [row] = await tx.select().from(tasks).where(eq(tasks.id, id)).for("update");
  return row ?? null;
}

export async function findProgress(db: Executor, userId: string, taskId: string, lock = false) {
  const query = db
    .select()
    .from(taskProgress)
    .where(and(eq(taskProgress.userId, userId), eq(taskProgress.taskId, taskId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The first start is kept: starting again does not restart a visit's clock. */
export async function markStarted(db: Executor, userId: string, taskId: string, at: Date) {
  await db
    .insert(taskProgress)
    .values({ userId, taskId, startedAt: at })
    .onConflictDoUpdate({
      target: [taskProgress.userId, taskProgress.taskId],
      set: { startedAt: sql`coalesce(${taskProgress.startedAt}, excluded.started_at)` },
    });
  const row = await findProgress(db, userId, taskId);
  return row!;
}

export async function markCompleted(
  tx: Tx,
  values: { userId: string; taskId: string; at: Date; withheld: boolean; rewardNano: bigint },
) {
  await tx
    .insert(taskProgress)
    .values({
      userId: values.userId,
      taskId: values.taskId,
      completedAt: values.at,
      rewardWithheld: values.withheld,
      rewardNano: values.rewardNano,
    })
    .onConflictDoUpdate({
      target: [taskProgress.userId, taskProgress.taskId],
      set: {
        completedAt: values.at,
        rewardWithheld: values.withheld,
        rewardNano: values.rewardNano,
      },
    });
  await tx
    .update(tasks)
    .set({ completions: sql`${tasks.completions} + 1` })
    .where(eq(tasks.id, values.taskId));
}

/** The user's completions whose reward was withheld, each with its task; locked for the release. */
export async function lockWithheldCompletions(tx: Tx, userId: string) {
  return tx
    .select({ task: tasks })
    .from(taskProgress)
    .innerJoin(tasks, eq(tasks.id, taskProgress.taskId))
    .where(
      and(
        eq(taskProgress.userId, userId),
        isNotNull(taskProgress.completedAt),
        eq(taskProgress.rewardWithheld, true),
      ),
    )
    .orderBy(taskProgress.completedAt)
    .for("update", { of: taskProgress });
}

export async function markReleased(tx: Tx, userId: string, taskId: string, rewardNano: bigint) {
  await tx
    .update(taskProgress)
    .set({ rewardWithheld: false, rewardNano })
    .where(and(eq(taskProgress.userId, userId), eq(taskProgress.taskId, taskId)));
}

export async function addBoost(tx: Tx, values: typeof boosts.$inferInsert) {
  await tx.insert(boosts).values(values);
}

export interface UserFacts {
  language: string;
  telegramId: number | null;
  walletLinked: boolean;
  kycApproved: boolean;
  streak: number;
  activeReferrals: number;
  league: string | null;
  /** Task rewards held: high risk not cleared by a review, or the referral bonus withheld. */
  rewardsWithheld: boolean;
}

/**
 * What FRE knows of a user, in one statement at `now`: the tables the owning modules write
 * (telegram, ton, kyc, daily, referrals, leagues, risk), read as they define them — a streak
 * counts while its last claim is today or yesterday in the user's zone; a referral is active
 * while it mines (the Referrals screen's count); the league is the latest week's.
 */
export async function userFacts(
  db: Executor,
  userId: string,
  now: Date,
): Promise<UserFacts | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = rowsOf<{
    language: string;
    telegram_id: string | number | null;
    wallet_linked: boolean;
    kyc_approved: boolean;
    streak: number;
    active_referrals: number;
    league: string | null;
    rewards_withheld: boolean;
  }>(
    await db.execute(sql`select u.language,
        (select t.telegram_id from telegram_accounts t where t.user_id = u.id) as telegram_id,
        exists (select 1 from ton_wallets w where w.user_id = u.id) as wallet_linked,
        u.kyc_status = 'approved' as kyc_approved,
        coalesce((select case when (${at} at time zone d.time_zone)::date - d.last_claim_date <= 1
            then d.streak else 0 end
          from daily_streaks d where d.user_id = u.id), 0)::int as streak,
        (select count(*) from users f where f.referred_by = u.id and f.erased_at is null
          and exists (select 1 from mining_sessions s where s.user_id = f.id
            and s.status = 'active' and s.end_time > ${at}))::int as active_referrals,
        (select m.league from league_members m where m.user_id = u.id
          order by m.week desc limit 1) as league,
        coalesce((select r.referral_bonus_withheld_at is not null or (r.level = 'high'
            and (r.reviewed_at is null or r.computed_at is null or r.reviewed_at < r.computed_at))
          from user_risk r where r.user_id = u.id), false) as rewards_withheld
      from users u where u.id = ${userId}`),
  );
  if (!row) return null;
  return {
    language: row.language,
    telegramId: row.telegram_id === null ? null : Number(row.telegram_id),
    walletLinked: Boolean(row.wallet_linked),
    kycApproved: Boolean(row.kyc_approved),
    streak: Number(row.streak),
    activeReferrals: Number(row.active_referrals),
    league: row.league,
    rewardsWithheld: Boolean(row.rewards_withheld),
  };
}

// ─── admin ───

/** The outer row's id, qualified: inside a subquery a bare "id" would be the inner table's. */
const TASK_ID = sql.raw('"tasks"."id"');

export async function listTasksWithStats(db: Db) {
  return db
    .select({
      task: tasks,
      withheld: sql<number>`(select count(*) from task_progress p
        where p.task_id = ${TASK_ID} and p.completed_at is not null and p.reward_withheld)::int`,
      paidNano: sql<string>`(select coalesce(sum(l.amount_nano), 0) from ledger_entries l
        where l.kind = 'task_reward' and l.reference like 'task:' || ${TASK_ID}::text || ':%')::text`,
    })
    .from(tasks)
    .orderBy(desc(tasks.createdAt))
    .limit(500);
}

export async function insertTask(tx: Tx, values: typeof tasks.$inferInsert) {
  const [row] = await tx.insert(tasks).values(values).returning();
  return row!;
}

export async function updateTask(tx: Tx, id: string, changes: Partial<typeof tasks.$inferInsert>) {
  const [row] = await tx.update(tasks).set(changes).where(eq(tasks.id, id)).returning();
  return row ?? null;
}

export async function taskStats(db: Executor, id: string) {
  const [row] = await db
    .select({
      withheld: sql<number>`count(*) filter (where ${taskProgress.rewardWithheld})::int`,
    })
    .from(taskProgress)
    .where(and(eq(taskProgress.taskId, id), isNotNull(taskProgress.completedAt)));
  const paid = rowsOf<{ n: string }>(
    await db.execute(sql`select coalesce(sum(amount_nano), 0)::text as n from ledger_entries
      where kind = 'task_reward' and reference like ${`task:${id}:%`}`),
  );
  return { withheld: row?.withheld ?? 0, paidNano: BigInt(paid[0]?.n ?? "0") };
}
