/**
 * Every web test fails on a `console.error` (React's act() and key warnings, failed renders),
 * as epic-stack's setup does: a warning nobody reads is a bug nobody fixes. A test that expects
 * one says so with `expectConsoleError()`.
 */
import { afterEach, beforeEach, type MockInstance, vi } from "vitest";

let errors: unknown[][] = [];
let allowed = 0;
let spy: MockInstance<typeof console.error> | undefined;

/** The current test expects `count` console errors (an error boundary that logs, say). */
export function expectConsoleError(count = 1) {
  allowed += count;
}

beforeEach(() => {
  errors = [];
  allowed = 0;
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  const logged = errors;
  const expected = allowed;
  // A test's own vi.restoreAllMocks() may have restored it already.
  spy?.mockRestore();
  if (logged.length > expected) {
    const text = logged.map((args) => args.map(String).join(" ")).join("\n---\n");
    throw new Error(`console.error was called ${logged.length} time(s):\n${text.slice(0, 2000)}`);
  }
});
