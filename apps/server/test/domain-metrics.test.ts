/**
 * The spec's histograms in /metrics (decision 0038): mining session hours (1/6/12/24) observed
 * when a session is settled, and the chain's call durations (0.1–10 s) observed around the
 * driver the composition root built. (The web vitals: vitals.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { stubChain } from "../src/adapters/chain/chain-stub.ts";
import { ChainNotRespondingError } from "../src/modules/ton/chain-errors.ts";
import { metricLines, useTestApp, verifiedUser } from "./helpers.ts";

const HOUR = 3_600_000;

describe("mining session hours", () => {
  const test = useTestApp();

  it("observes each claimed or stopped session's length once, in hours", async () => {
    const { client: claimer } = await verifiedUser(test(), "hours-claim");
    const { client: stopper } = await verifiedUser(test(), "hours-stop");
    const { client: late } = await verifiedUser(test(), "hours-late");
    expect((await claimer.post("/api/mining/start")).statusCode).toBe(200);
    expect((await stopper.post("/api/mining/start")).statusCode).toBe(200);
    expect((await late.post("/api/mining/start")).statusCode).toBe(200);
    test().clock.advance(HOUR / 2);
    expect((await stopper.post("/api/mining/stop")).statusCode).toBe(200);
    test().clock.advance(7 * HOUR - HOUR / 2);
    expect((await claimer.post("/api/mining/claim")).statusCode).toBe(200);
    // Claimed two days after its start: the session ran its 24 h, no more.
    test().clock.advance(41 * HOUR);
    expect((await late.post("/api/mining/claim")).statusCode).toBe(200);
    // A refused claim observes nothing.
    expect((await claimer.post("/api/mining/claim")).statusCode).toBe(409);

    const lines = await metricLines(test(), "fre_mining_session_hours");
    expect(lines).toEqual(
      expect.arrayContaining([
        'fre_mining_session_hours_bucket{le="1",outcome="stopped"} 1',
        'fre_mining_session_hours_sum{outcome="stopped"} 0.5',
        'fre_mining_session_hours_count{outcome="stopped"} 1',
        'fre_mining_session_hours_bucket{le="1",outcome="claimed"} 0',
        'fre_mining_session_hours_bucket{le="6",outcome="claimed"} 0',
        'fre_mining_session_hours_bucket{le="12",outcome="claimed"} 1',
        'fre_mining_session_hours_bucket{le="24",outcome="claimed"} 2',
        'fre_mining_session_hours_bucket{le="+Inf",outcome="claimed"} 2',
        'fre_mining_session_hours_sum{outcome="claimed"} 31',
      ]),
    );
  });
});

describe("transaction groups", () => {
  const app = useTestApp();

  it("observes each group's size, committed or retried", async () => {
    const test = app();
    const groups = test.mining.groups!;
    // Asked for in one turn: one group of two, committed.
    await Promise.all([groups.run("a", async () => 1), groups.run("b", async () => 2)]);
    // One work refuses: the group of two rolls back and each runs alone.
    const refused = await Promise.allSettled([
      groups.run("c", async () => {
        throw new Error("refused");
      }),
      groups.run("d", async () => 4),
    ]);
    expect(refused.map((r) => r.status)).toEqual(["rejected", "fulfilled"]);
    expect(await metricLines(test, "fre_transaction_group_size_count")).toEqual([
      'fre_transaction_group_size_count{outcome="committed"} 1',
      'fre_transaction_group_size_count{outcome="retried"} 1',
    ]);
  });
});

describe("chain call durations", () => {
  let failing = false;
  const test = useTestApp({
    chain: stubChain({
      ping: async () => {
        if (failing) throw new ChainNotRespondingError(502);
      },
    }),
  });

  it("times the modules' calls to the chain by operation and outcome", async () => {
    await test().app.inject({ url: "/api/health" });
    failing = true;
    await test().app.inject({ url: "/api/health" });
    await test().app.inject({ url: "/api/health" });
    const lines = await metricLines(test(), "fre_chain_transaction_duration_seconds");
    expect(lines).toEqual(
      expect.arrayContaining([
        'fre_chain_transaction_duration_seconds_bucket{le="0.1",operation="ping",outcome="ok"} 1',
        'fre_chain_transaction_duration_seconds_bucket{le="10",operation="ping",outcome="ok"} 1',
        'fre_chain_transaction_duration_seconds_count{operation="ping",outcome="error"} 2',
      ]),
    );
    const buckets = lines
      .filter((line) => line.includes('operation="ping",outcome="ok"') && line.includes("_bucket"))
      .map((line) => /le="([^"]+)"/.exec(line)?.[1]);
    expect(buckets).toEqual(["0.1", "0.25", "0.5", "1", "2.5", "5", "10", "+Inf"]);
  });
});
