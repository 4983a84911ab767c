import {
  CONTEST_TASKS,
  type Contest,
  type ContestTask,
  formatNano,
  LEVEL_REWARD_NANO,
  SOCIAL_TASK_MIN_MS,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import {
  findOpen,
  hasTonWallet,
  hasVerifiedReferral,
  listValidations,
  lockLinks,
  lockUserLevel,
  ownsPack,
  readContestFacts,
  recordOpen,
  upsertLinks,
  validateLevel,
} from "./contest.repo.ts";

export interface ContestDeps {
  db: Db;
  clock: Clock;
  events: DomainEvents;
}

/** Default links of the social tasks until an admin sets the real ones. */
export const DEFAULT_CONTEST_LINKS: Record<number, string> = {
  1: "https://fre.example/community/chat",
  2: "https://fre.example/community/channel",
  3: "https://fre.example/social/microblog",
  4: "https://fre.example/social/network",
  5: "https://fre.example/social/video",
};

/** The pack each purchase task asks for. */
const PURCHASE_ITEMS: Partial<Record<ContestTask["task"], string>> = {
  buy_fre1: "FRE1",
  buy_fre3: "FRE3",
  buy_fre5: "FRE5",
};

export async function getContest(deps: ContestDeps, userId: string): Promise<Contest> {
  const facts = await readContestFacts(deps.db, userId);
  if (!facts) throw new AppError("UNAUTHORIZED", 401);
  const links = new Map(facts.links.map((l) => [l.level, l.url]));
  return {
    level: facts.level,
    levels: CONTEST_TASKS.map((task) => {
      const validation = facts.validations.find((v) => v.level === task.level);
      const opened = facts.opens.find((o) => o.level === task.level);
      const status = validation ? "done" : task.level === facts.level + 1 ? "current" : "locked";
      return {
        level: task.level,
        task: task.task,
        kind: task.kind,
        status,
        url:
          task.kind === "social"
            ? (links.get(task.level) ?? DEFAULT_CONTEST_LINKS[task.level] ?? null)
            : null,
        openedAt: opened?.openedAt.toISOString() ?? null,
        reward: formatNano(validation?.rewardNano ?? LEVEL_REWARD_NANO),
        validatedAt: validation?.validatedAt.toISOString() ?? null,
      };
    }),
  };
}

function taskOf(level: number): ContestTask {
  const task = CONTEST_TASKS.find((t) => t.level === level);
  if (!task) throw new AppError("NOT_FOUND", 404);
  return task;
}

/** The user opened a social task's link (the server notes when). */
export async function openTask(deps: ContestDeps, userId: string, level: number) {
  const task = taskOf(level);
  if (task.kind !== "social") throw new AppError("VALIDATION_ERROR", 400);
  await recordOpen(deps.db, userId, level, deps.clock.now());
  return getContest(deps, userId);
}

/** Validates the next level once its task is done; the reward is permanent (+0.02 FRE/h). */
export async function confirmLevel(deps: ContestDeps, userId: string, level: number) {
  const task = taskOf(level);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const current = await lockUserLevel(tx, userId);
    if (current === null) throw new AppError("UNAUTHORIZED", 401);
    if (level <= current) throw new AppError("LEVEL_ALREADY_VALIDATED", 409);
    if (level !== current + 1) throw new AppError("LEVEL_LOCKED", 409);
    if (task.kind === "social") {
      const openedAt = await findOpen(tx, userId, level);
      if (!openedAt) throw new AppError("TASK_NOT_OPENED", 409);
      if (now.getTime() - openedAt.getTime() < SOCIAL_TASK_MIN_MS) {
        throw new AppError("TASK_TOO_SOON", 409);
      }
    }
    if (task.kind === "referral" && !(await hasVerifiedReferral(tx, userId))) {
      throw new AppError("TASK_NOT_DONE", 409, { reason: "referrals" });
    }
    if (task.kind === "wallet" && !(await hasTonWallet(tx, userId))) {
      throw new AppError("TASK_NOT_DONE", 409, { reason: "wallet" });
    }
    const pack = PURCHASE_ITEMS[task.task];
    if (task.kind === "purchase" && !(pack && (await ownsPack(tx, userId, pack)))) {
      throw new AppError("TASK_NOT_DONE", 409, { reason: "other" });
    }
    await validateLevel(tx, { userId, level, rewardNano: LEVEL_REWARD_NANO, at: now });
    await deps.events.notify(userId, "level_up", { level }, { tx });
  });
  await deps.events.rateChanged(userId);
  return getContest(deps, userId);
}

export async function levelValidationsOf({ db }: { db: Db }, userId: string) {
  return (await listValidations(db, userId)).map((v) => ({
    level: v.level,
    reward: formatNano(v.rewardNano),
    validatedAt: v.validatedAt.toISOString(),
  }));
}

/**
 * `PUT /api/admin/contest/links`: the links change and their audit line (each changed level's
 * link before — the default when none was set — and after) commit together.
 */
export async function setContestLinks(
  deps: ContestDeps,
  actor: AuditActor,
  links: { level: number; url: string }[],
) {
  const now = deps.clock.now();
  const levels = [...new Set(links.map((l) => l.level))].sort((a, b) => a - b);
  await deps.db.transaction(async (tx) => {
    const stored = new Map((await lockLinks(tx, levels)).map((l) => [l.level, l.url]));
    await upsertLinks(tx, links, now);
    const after = new Map(links.map((l) => [l.level, l.url]));
    const view = (urlOf: (level: number) => string | null) =>
      Object.fromEntries(levels.map((level) => [String(level), urlOf(level)]));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "contest.links_update",
      targetType: "contest",
      targetId: "links",
      before: { links: view((level) => stored.get(level) ?? DEFAULT_CONTEST_LINKS[level] ?? null) },
      after: { links: view((level) => after.get(level) ?? null) },
      ip: actor.ip,
      at: now,
    });
  });
}
