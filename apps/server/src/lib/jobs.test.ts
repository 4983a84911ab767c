import { afterEach, describe, expect, it, vi } from "vitest";
import { startJobs } from "./jobs.ts";

afterEach(() => vi.useRealTimers());

describe("startJobs", () => {
  it("runs at start and every interval, never twice at once, and logs failures by name", async () => {
    vi.useFakeTimers();
    const log = { error: vi.fn() };
    let runs = 0;
    let release: () => void = () => {};
    const slow = {
      name: "slow",
      everyMs: 1000,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const failing = {
      name: "failing",
      everyMs: 1000,
      runAtStart: false,
      run: async () => {
        throw new Error("boom");
      },
    };
    const jobs = startJobs([slow, failing], log);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1);
    expect(log.error).toHaveBeenCalledTimes(3);
    expect(log.error.mock.calls[0]?.[1]).toBe("failing failed");
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    jobs.stop();
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });
});
