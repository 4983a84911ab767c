import {
  type AdminTask,
  type AdminTaskBody,
  type AdminTaskUpdate,
  formatNano,
  parseFre,
  TASK_PARAMS,
  type TaskKind,
  type TaskList,
  type TaskNotDoneReason,
  type TaskStartResult,
  type TaskTitle,
  type TaskVerifyResult,
  type TaskView,
} from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import { isLanguage } from "../../i18n/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { credit, lockUser } from "../ledger/ledger.ts";
import { rateWithoutBoostsNano } from "../mining/index.ts";
import {
  addBoost,
  findProgress,
  findTask,
  insertTask,
  listTasksWithStats,
  listUserTasks,
  lockTask,
  lockWithheldCompletions,
  markCompleted,
  markReleased,
  markStarted,
  type TaskRow,
  taskStats,
  type UserFacts,
  updateTask,
  userFacts,
} from "./tasks.repo.ts";
import {
  factCheck,
  isOpen,
  rewardOf,
  statusOf,
  targetOf,
  urlOf,
  visitWait,
} from "./tasks.rules.ts";

/**
 * Is this Telegram user a member of that chat (the Bot API's getChatMember, the bot being an
 * admin of the chat)? The port the composition root fills with the Telegram bot adapter;
 * `unavailable` when the check could not be made (no bot configured, Telegram down).
 */
export interface ChannelMembership {
  check(chatId: string, telegramId: number): Promise<"member" | "not_member" | "unavailable">;
}

export interface TasksDeps {
  db: Db;
  clock: Clock;
  events: Pick<DomainEvents, "rateChanged">;
  /** Null when no Telegram bot is configured: channel tasks cannot be verified. */
  channels: ChannelMembership | null;
}

const HOUR = 3_600_000;

const notDone = (reason: TaskNotDoneReason, values: Record<string, number> = {}) =>
  new AppError("TASK_NOT_DONE", 409, { reason, seconds: 0, ...values });

function titleIn(title: TaskTitle, language: string): string {
  return isLanguage(language) ? title[language] : title.fr;
}

function viewOf(
  task: TaskRow,
  progress: Awaited<ReturnType<typeof findProgress>>,
  language: string,
  now: Date,
): TaskView {
  return {
    id: task.id,
    kind: task.kind,
    title: titleIn(task.title, language),
    status: statusOf(task, progress, now),
    reward: rewardOf(task),
    url: urlOf(task.kind, task.params),
    minSeconds: task.kind === "visit_link" ? Number(task.params.minSeconds) : null,
    target: targetOf(task.kind, task.params),
    startedAt: progress?.startedAt?.toISOString() ?? null,
    completedAt: progress?.completedAt?.toISOString() ?? null,
    endsAt: task.endsAt?.toISOString() ?? null,
    rewardWithheld: Boolean(progress?.completedAt && progress.rewardWithheld),
  };
}

/** `GET /api/tasks`: each task with its status, and what is left to earn among the open ones. */
export async function listTasks(deps: TasksDeps, userId: string): Promise<TaskList> {
  const now = deps.clock.now();
  const [facts, rows] = await Promise.all([
    userFacts(deps.db, userId, now),
    listUserTasks(deps.db, userId, now),
  ]);
  if (!facts) throw new AppError("UNAUTHORIZED", 401);
  const items = rows.map((r) => viewOf(r.task, r.progress, facts.language, now));
  let left = 0n;
  let boostsLeft = 0;
  for (const { task, progress } of rows) {
    const status = statusOf(task, progress, now);
    if (status !== "todo" && status !== "started") continue;
    if (task.rewardType === "fre") left += task.rewardNano;
    else boostsLeft++;
  }
  // Open tasks first (started, then to do), then the completed, then the expired.
  const order = { started: 0, todo: 1, completed: 2, expired: 3 } as const;
  items.sort((a, b) => order[a.status] - order[b.status]);
  return { items, leftToEarnFre: formatNano(left), boostsLeft };
}

/** A task that has begun (404 for one unknown or not begun yet; closed ones answer 409 later). */
async function openTask(db: Db, taskId: string, now: Date) {
  const task = await findTask(db, taskId);
  if (!task || (task.startsAt && task.startsAt > now)) {
    throw new AppError("NOT_FOUND", 404);
  }
  return task;
}

/** `POST /api/tasks/:id/start`: the visit's clock starts (the first start only). */
export async function startTask(
  deps: TasksDeps,
  userId: string,
  taskId: string,
): Promise<TaskStartResult> {
  const now = deps.clock.now();
  const task = await openTask(deps.db, taskId, now);
  const progress = await findProgress(deps.db, userId, taskId);
  if (!progress?.completedAt && !isOpen(task, now)) throw new AppError("TASK_EXPIRED", 409);
  const row = progress?.startedAt ? progress : await markStarted(deps.db, userId, taskId, now);
  return { status: "started", startedAt: (row.startedAt ?? now).toISOString() };
}

/** Whether the user did what the task asks (outside any transaction: it may ask Telegram). */
async function checkDone(
  deps: TasksDeps,
  task: TaskRow,
  userId: string,
  facts: UserFacts,
  now: Date,
) {
  if (task.kind === "visit_link") {
    const progress = await findProgress(deps.db, userId, task.id);
    const wait = visitWait(progress?.startedAt ?? null, Number(task.params.minSeconds), now);
    if (wait === null) throw notDone("not_started");
    if (wait > 0) throw notDone("too_soon", { seconds: wait });
    return;
  }
  if (task.kind === "telegram_channel") {
    if (facts.telegramId === null) throw notDone("no_telegram");
    const answer = deps.channels
      ? await deps.channels.check(String(task.params.chatId), facts.telegramId)
      : "unavailable";
    if (answer === "unavailable") throw notDone("check_failed");
    if (answer === "not_member") throw notDone("not_member");
    return;
  }
  const reason = factCheck(task.kind, task.params, facts);
  if (reason) throw notDone(reason);
}

/**
 * `POST /api/tasks/:id/verify`: the condition is checked first (a Telegram call stays outside
 * the transaction), then the completion, the count and the reward commit together after the
 * user's row lock, then the task's: twenty verifies at once reward once (the later ones wait,
 * then find it completed and answer the same result). A high-risk account's completion is
 * recorded with its reward withheld (no ledger entry, no boost), as its referral bonus is.
 */
export async function verifyTask(
  deps: TasksDeps,
  userId: string,
  taskId: string,
): Promise<TaskVerifyResult> {
  const now = deps.clock.now();
  const task = await openTask(deps.db, taskId, now);
  const done = await findProgress(deps.db, userId, taskId);
  if (done?.completedAt) {
    return { status: "completed", reward: rewardOf(task), rewardWithheld: done.rewardWithheld };
  }
  if (!isOpen(task, now)) throw new AppError("TASK_EXPIRED", 409);
  const facts = await userFacts(deps.db, userId, now);
  if (!facts) throw new AppError("UNAUTHORIZED", 401);
  await checkDone(deps, task, userId, facts, now);
  let boosted = false;
  const result = await deps.db.transaction(async (tx): Promise<TaskVerifyResult> => {
    if (!(await lockUser(tx, userId))) throw new AppError("UNAUTHORIZED", 401);
    const locked = await lockTask(tx, taskId);
    if (!locked) throw new AppError("NOT_FOUND", 404);
    const progress = await findProgress(tx, userId, taskId, true);
    if (progress?.completedAt) {
      return {
        status: "completed",
        reward: rewardOf(locked),
        rewardWithheld: progress.rewardWithheld,
      };
    }
    if (!isOpen(locked, now)) throw new AppError("TASK_EXPIRED", 409);
    // The verdict read under the user's lock: a review between the check and now counts.
    const withheld = (await userFacts(tx, userId, now))?.rewardsWithheld ?? facts.rewardsWithheld;
    const rewardNano = withheld ? 0n : await payReward(tx, locked, userId, now);
    await markCompleted(tx, { userId, taskId, at: now, withheld, rewardNano });
    boosted = !withheld && locked.rewardType === "boost" && rewardNano > 0n;
    return { status: "completed", reward: rewardOf(locked), rewardWithheld: withheld };
  });
  // A boost changes the running session's rate from now on.
  if (boosted) await deps.events.rateChanged(userId);
  return result;
}

/**
 * The rewards withheld from a user once nothing holds them any more (an admin cleared the
 * review or released the referral bonus): each withheld completion is paid now, as it would
 * have been — a `task_reward` credit, or a boost from now for its hours — and counted as paid.
 * Runs in the admin action's transaction, after the user's lock; the progress rows are locked,
 * so a second action finds nothing left. Returns how many were paid.
 */
export async function releaseWithheldTaskRewards(
  tx: Tx,
  userId: string,
  now: Date,
): Promise<number> {
  const facts = await userFacts(tx, userId, now);
  if (!facts || facts.rewardsWithheld) return 0;
  const held = await lockWithheldCompletions(tx, userId);
  for (const { task } of held) {
    await markReleased(tx, userId, task.id, await payReward(tx, task, userId, now));
  }
  return held.length;
}

/** The reward: a `task_reward` credit, or a boost of the rate without boosts. Its nFRE (or nFRE/h). */
async function payReward(tx: Tx, task: TaskRow, userId: string, now: Date): Promise<bigint> {
  if (task.rewardType === "fre") {
    await credit(tx, {
      userId,
      kind: "task_reward",
      amountNano: task.rewardNano,
      reference: `task:${task.id}:${userId}`,
      at: now,
      // Not mining: the boards and leagues rank what was mined (as the daily reward).
      countsAsMined: false,
    });
    return task.rewardNano;
  }
  const base = await rateWithoutBoostsNano(tx, userId, now);
  const valueNano = (base * BigInt(task.boostPercent ?? 0)) / 100n;
  if (valueNano <= 0n) return 0n;
  const hours = task.boostHours ?? 1;
  await addBoost(tx, {
    userId,
    valueNano,
    source: `task:${task.id}`,
    appliedAt: now,
    expiresAt: new Date(now.getTime() + hours * HOUR),
    // No "your boost expires in 24 h" notice the minute a short boost starts.
    expiryNotified: hours <= 24,
  });
  return valueNano;
}

// ─── admin ───

function adminView(task: TaskRow, stats: { withheld: number; paidNano: bigint }): AdminTask {
  return {
    id: task.id,
    kind: task.kind,
    title: task.title,
    reward: rewardOf(task),
    params: task.params,
    startsAt: task.startsAt?.toISOString() ?? null,
    endsAt: task.endsAt?.toISOString() ?? null,
    maxCompletions: task.maxCompletions,
    active: task.active,
    completions: task.completions,
    withheld: stats.withheld,
    costFre: formatNano(stats.paidNano),
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
  };
}

/** `GET /api/admin/tasks`: every task with its completions and its FRE cost so far. */
export async function adminListTasks({ db }: { db: Db }) {
  const rows = await listTasksWithStats(db);
  return {
    items: rows.map((r) =>
      adminView(r.task, { withheld: Number(r.withheld), paidNano: BigInt(r.paidNano) }),
    ),
  };
}

function rewardColumns(reward: AdminTaskBody["reward"]) {
  return reward.type === "fre"
    ? {
        rewardType: "fre" as const,
        rewardNano: positiveFre(reward.amount),
        boostPercent: null,
        boostHours: null,
      }
    : {
        rewardType: "boost" as const,
        rewardNano: 0n,
        boostPercent: reward.percent,
        boostHours: reward.hours,
      };
}

function positiveFre(amount: string): bigint {
  const nano = parseFre(amount);
  if (nano <= 0n) {
    throw new AppError(
      "VALIDATION_ERROR",
      400,
      {},
      {
        issues: [{ path: "reward.amount", message: "must be above 0" }],
      },
    );
  }
  return nano;
}

const instantOf = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** Strips what the audit line need not repeat. */
const auditOf = (view: AdminTask) => ({
  kind: view.kind,
  title: view.title.fr,
  reward: view.reward,
  params: view.params,
  startsAt: view.startsAt,
  endsAt: view.endsAt,
  maxCompletions: view.maxCompletions,
  active: view.active,
});

/** `POST /api/admin/tasks`: the task and its audit line commit together. */
export async function adminCreateTask(
  deps: Pick<TasksDeps, "db" | "clock">,
  actor: AuditActor,
  body: AdminTaskBody,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertTask(tx, {
      kind: body.kind,
      title: body.title,
      ...rewardColumns(body.reward),
      params: body.params as Record<string, unknown>,
      startsAt: instantOf(body.startsAt) ?? null,
      endsAt: instantOf(body.endsAt) ?? null,
      maxCompletions: body.maxCompletions ?? null,
      active: body.active,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    const view = adminView(row, { withheld: 0, paidNano: 0n });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "task.create",
      targetType: "task",
      targetId: row.id,
      after: auditOf(view),
      ip: actor.ip,
      at: now,
    });
    return view;
  });
}

function paramsFor(kind: TaskKind, params: Record<string, unknown>) {
  const parsed = TASK_PARAMS[kind].safeParse(params);
  if (!parsed.success) {
    throw new AppError(
      "VALIDATION_ERROR",
      400,
      {},
      {
        issues: parsed.error.issues.map((issue) => ({
          path: ["params", ...issue.path].join("."),
          message: issue.message,
        })),
      },
    );
  }
  return parsed.data as Record<string, unknown>;
}

/** `PATCH /api/admin/tasks/:id`: the kind stays; a cap never below the completions so far. */
export async function adminUpdateTask(
  deps: Pick<TasksDeps, "db" | "clock">,
  actor: AuditActor,
  id: string,
  body: AdminTaskUpdate,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const existing = await lockTask(tx, id);
    if (!existing) throw new AppError("NOT_FOUND", 404);
    if (
      body.maxCompletions !== undefined &&
      body.maxCompletions !== null &&
      body.maxCompletions < existing.completions
    ) {
      throw new AppError(
        "VALIDATION_ERROR",
        400,
        {},
        {
          issues: [
            { path: "maxCompletions", message: `already completed ${existing.completions} times` },
          ],
        },
      );
    }
    const startsAt = instantOf(body.startsAt);
    const endsAt = instantOf(body.endsAt);
    const from = startsAt === undefined ? existing.startsAt : startsAt;
    const to = endsAt === undefined ? existing.endsAt : endsAt;
    if (from && to && from >= to) {
      throw new AppError(
        "VALIDATION_ERROR",
        400,
        {},
        {
          issues: [{ path: "endsAt", message: "endsAt must come after startsAt" }],
        },
      );
    }
    const stats = await taskStats(tx, id);
    const before = adminView(existing, stats);
    const row = await updateTask(tx, id, {
      ...(body.title ? { title: body.title } : {}),
      ...(body.reward ? rewardColumns(body.reward) : {}),
      ...(body.params ? { params: paramsFor(existing.kind, body.params) } : {}),
      ...(startsAt !== undefined ? { startsAt } : {}),
      ...(endsAt !== undefined ? { endsAt } : {}),
      ...(body.maxCompletions !== undefined ? { maxCompletions: body.maxCompletions } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updatedAt: now,
    });
    if (!row) throw new AppError("NOT_FOUND", 404);
    const view = adminView(row, stats);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "task.update",
      targetType: "task",
      targetId: row.id,
      before: auditOf(before),
      after: auditOf(view),
      ip: actor.ip,
      at: now,
    });
    return view;
  });
}
