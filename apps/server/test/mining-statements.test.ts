import { describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { settleMining, startMining } from "../src/modules/mining/mining.service.ts";
import { useTestApp, verifiedUser } from "./helpers.ts";

// What a start and a claim cost in statements sent to the database (issue 23: the cycle made
// ~20 round trips a pair). Counted at the driver handle that drizzle and the hand-written SQL
// both use, so a statement added on this path shows here. Counts, never timings.

const test = useTestApp();

/**
 * Counts the statements sent through `db` while `run` runs: every query of the driver handle
 * (postgres.js `unsafe`, PGlite `query`), and BEGIN and COMMIT for each transaction.
 */
async function statementsOf(db: Db, run: () => Promise<unknown>) {
  const session = (db as unknown as { _: { session: { client: object } } })._.session;
  const original = session.client;
  let statements = 0;
  const counting = <T extends object>(client: T): T =>
    new Proxy(client, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "unsafe" || property === "query") {
          return (...args: unknown[]) => {
            statements += 1;
            return value.apply(target, args);
          };
        }
        if (property === "begin" || property === "transaction") {
          return (...args: unknown[]) => {
            statements += 2;
            const last = args.length - 1;
            const callback = args[last];
            if (typeof callback === "function") {
              args[last] = (inner: object) => callback(counting(inner));
            }
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
  session.client = counting(original);
  try {
    await run();
  } finally {
    session.client = original;
  }
  return statements;
}

describe("statements of the start/claim cycle", () => {
  it("a start, a claim and the claim's notice stay within their statement budgets", async () => {
    const { me } = await verifiedUser(test(), "counted");
    await test().effects.settle();
    // Delivered by the settle below only: a commit's NOTIFY heard late (under load, the sign-up's
    // own) would otherwise start a pass inside the claim's count (CI once counted claim 9).
    await test().effects.stop();
    const deps = { db: test().db, clock: test().clock, events: test().events };
    let start: number;
    let claim: number;
    let notice: number;
    try {
      start = await statementsOf(test().db, () => startMining(deps, me.id));
      test().clock.advance(3_600_000);
      claim = await statementsOf(test().db, () => settleMining(deps, me.id, "claim"));
      notice = await statementsOf(test().db, () => test().effects.settle());
    } finally {
      await test().effects.start();
    }
    // Measured: a start 5 (BEGIN, the user's lock and the rate's facts sent together, the
    // session, COMMIT); a claim 8 (BEGIN, the user's and the session's locks and the rate step
    // sent together, the close, the credit and the notice together, COMMIT) and its notice's
    // delivery 4 (claim the effect, store it with its prune and the reader's language, the push
    // devices, mark it delivered). Before issue 23: 8, and 14 + 7 (a second read of the mining
    // state after each).
    const counted = `start ${start}, claim ${claim}, claim's notice ${notice}`;
    expect(start, counted).toBeLessThanOrEqual(5);
    expect(claim, counted).toBeLessThanOrEqual(8);
    expect(notice, counted).toBeLessThanOrEqual(4);
  });
});
