import { SOCIAL_TASK_MIN_MS } from "@fre/shared";
import type { Contest, ContestLevel } from "./api/contest-api";

/** A little more than the server's 10 s, so a confirmation right at zero is not refused. */
export const CONFIRM_MARGIN_MS = 500;

/**
 * When (on this device's clock) "J'ai terminé" may be enabled for a social task.
 * - opened in this page view: 10 s after the click (`openedLocallyAt`);
 * - opened earlier (`openedAt` from the server): 10 s after it, but never more than 10 s from
 *   now, so a device clock behind the server's cannot make the wait longer than the rule.
 * - never opened: null.
 */
export function confirmDeadline(
  openedAt: string | null,
  openedLocallyAt: number | undefined,
  nowMs: number,
): number | null {
  const wait = SOCIAL_TASK_MIN_MS + CONFIRM_MARGIN_MS;
  if (openedLocallyAt !== undefined) return openedLocallyAt + wait;
  if (!openedAt) return null;
  const opened = Date.parse(openedAt);
  if (Number.isNaN(opened)) return nowMs + wait;
  return Math.min(opened + wait, nowMs + wait);
}

/** Whole seconds left before the deadline (0 once reached). */
export function secondsLeft(deadline: number | null, nowMs: number): number {
  if (deadline === null) return 0;
  return Math.max(0, Math.ceil((deadline - nowMs) / 1000));
}

export function doneCount(levels: ContestLevel[]): number {
  return levels.filter((level) => level.status === "done").length;
}

/** The level a validation has just completed (done now, not before), if any. */
export function newlyDone(before: Contest | undefined, after: Contest): ContestLevel | null {
  const was = new Map(before?.levels.map((level) => [level.level, level.status]) ?? []);
  return (
    after.levels.find((level) => level.status === "done" && was.get(level.level) !== "done") ?? null
  );
}

/** Levels in order 1 → 10 (the path is drawn top to bottom). */
export function orderedLevels(levels: ContestLevel[]): ContestLevel[] {
  return [...levels].sort((a, b) => a.level - b.level);
}
