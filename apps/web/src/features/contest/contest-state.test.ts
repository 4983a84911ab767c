import { describe, expect, it } from "vitest";
import type { Contest, ContestLevel } from "./api/contest-api";
import {
  CONFIRM_MARGIN_MS,
  confirmDeadline,
  doneCount,
  newlyDone,
  orderedLevels,
  secondsLeft,
} from "./contest-state";

const level = (n: number, status: ContestLevel["status"]): ContestLevel => ({
  level: n,
  task: "join_chat",
  kind: "social",
  status,
  url: null,
  openedAt: null,
  reward: "0.020000000",
  validatedAt: null,
});

describe("confirmDeadline", () => {
  const now = Date.parse("2025-01-01T12:00:00Z");

  it("waits 10 s after a click in this page view", () => {
    expect(confirmDeadline(null, now, now)).toBe(now + 10_000 + CONFIRM_MARGIN_MS);
  });

  it("counts from the server's openedAt after a reload", () => {
    const openedAt = new Date(now - 4_000).toISOString();
    expect(secondsLeft(confirmDeadline(openedAt, undefined, now), now)).toBe(7);
    const long = new Date(now - 60_000).toISOString();
    expect(secondsLeft(confirmDeadline(long, undefined, now), now)).toBe(0);
  });

  it("never waits more than 10 s when the device clock is behind", () => {
    const future = new Date(now + 120_000).toISOString();
    expect(secondsLeft(confirmDeadline(future, undefined, now), now)).toBe(11);
  });

  it("has no deadline before the link was opened", () => {
    expect(confirmDeadline(null, undefined, now)).toBeNull();
    expect(secondsLeft(null, now)).toBe(0);
  });
});

describe("levels", () => {
  it("counts done levels and orders them", () => {
    const levels = [level(2, "current"), level(1, "done"), level(3, "locked")];
    expect(doneCount(levels)).toBe(1);
    expect(orderedLevels(levels).map((l) => l.level)).toEqual([1, 2, 3]);
  });

  it("finds the level a validation completed", () => {
    const before: Contest = { level: 1, levels: [level(1, "done"), level(2, "current")] };
    const after: Contest = { level: 2, levels: [level(1, "done"), level(2, "done")] };
    expect(newlyDone(before, after)?.level).toBe(2);
    expect(newlyDone(after, after)).toBeNull();
  });
});
