import {
  formatNano,
  LEAGUE_NAMES,
  type TaskKind,
  type TaskNotDoneReason,
  type TaskReward,
  type TaskStatus,
} from "@fre/shared";
import type { ProgressRow, TaskRow, UserFacts } from "./tasks.repo.ts";

/**
 * The tasks hub's pure rules (decision 0073): a task's status for a user, its reward as shown,
 * and whether an in-app task's condition holds on FRE's own facts.
 */

/** Whether the task still takes completions at `now` (window and cap). */
export function isOpen(task: TaskRow, now: Date): boolean {
  if (!task.active) return false;
  if (task.startsAt && task.startsAt > now) return false;
  if (task.endsAt && task.endsAt <= now) return false;
  return task.maxCompletions === null || task.completions < task.maxCompletions;
}

export function statusOf(task: TaskRow, progress: ProgressRow | null, now: Date): TaskStatus {
  if (progress?.completedAt) return "completed";
  if (!isOpen(task, now)) return "expired";
  return progress?.startedAt ? "started" : "todo";
}

export function rewardOf(task: TaskRow): TaskReward {
  return task.rewardType === "fre"
    ? { type: "fre", amount: formatNano(task.rewardNano) }
    : { type: "boost", percent: task.boostPercent ?? 0, hours: task.boostHours ?? 0 };
}

const leagueRank = (name: string | null) =>
  name === null ? -1 : (LEAGUE_NAMES as readonly string[]).indexOf(name);

/**
 * An in-app task's condition on the user's facts: null when it holds, else why not. The kinds
 * checked elsewhere (a visit's clock, a channel's membership) answer null here.
 */
export function factCheck(
  kind: TaskKind,
  params: Record<string, unknown>,
  facts: UserFacts,
): TaskNotDoneReason | null {
  switch (kind) {
    case "wallet_linked":
      return facts.walletLinked ? null : "wallet";
    case "kyc_approved":
      return facts.kycApproved ? null : "kyc";
    case "daily_streak":
      return facts.streak >= Number(params.days) ? null : "streak";
    case "referrals":
      return facts.activeReferrals >= Number(params.count) ? null : "referrals";
    case "league":
      return leagueRank(facts.league) >= leagueRank(String(params.tier)) ? null : "league";
    default:
      return null;
  }
}

/** A visit is done once `minSeconds` passed since its start. Seconds still to wait, or 0. */
export function visitWait(startedAt: Date | null, minSeconds: number, now: Date): number | null {
  if (!startedAt) return null;
  const left = minSeconds * 1000 - (now.getTime() - startedAt.getTime());
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** What the user's screen shows as the task's target (days, count, tier). */
export function targetOf(kind: TaskKind, params: Record<string, unknown>): number | string | null {
  if (kind === "daily_streak") return Number(params.days);
  if (kind === "referrals") return Number(params.count);
  if (kind === "league") return String(params.tier);
  return null;
}

export function urlOf(kind: TaskKind, params: Record<string, unknown>): string | null {
  if (kind === "visit_link") return String(params.url);
  if (kind === "telegram_channel") return String(params.inviteUrl);
  return null;
}
