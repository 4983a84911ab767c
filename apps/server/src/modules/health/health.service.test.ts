import { afterEach, describe, expect, it, vi } from "vitest";
import { stubChain } from "../../adapters/chain/chain-stub.ts";
import { toncenterChain } from "../../adapters/chain/toncenter-chain.ts";
import type { Db } from "../../db/client.ts";
import { manualClock } from "../../lib/clock.ts";
import { startJobs } from "../../lib/jobs.ts";
import type { Chain } from "../ton/chain.ts";
import { ChainNotRespondingError } from "../ton/chain-errors.ts";
import {
  checkApi,
  checkBlockchain,
  checkDatabase,
  checkHealth,
  type HealthDeps,
  healthMonitorJob,
} from "./health.service.ts";

/** A database stub answering the health query (select … from users limit 1). */
function fakeDb(run: () => Promise<unknown>): Db {
  return { select: () => ({ from: () => ({ limit: run }) }) } as unknown as Db;
}
const okDb = fakeDb(async () => [{ id: "u1" }]);
const chainOf = (ping: Chain["ping"]): Chain => stubChain({ ping });
const okChain = chainOf(async () => {});
const hang = (signal: AbortSignal) =>
  new Promise<never>((_, reject) =>
    signal.addEventListener("abort", () => reject(new Error("aborted"))),
  );

afterEach(() => {
  vi.useRealTimers();
});

describe("checkApi", () => {
  it("is healthy on a 2xx answer only", async () => {
    expect(await checkApi(async () => 200, 1000)).toEqual({ status: "healthy" });
    expect(await checkApi(async () => 204, 1000)).toEqual({ status: "healthy" });
    for (const status of [500, 404, 302]) {
      expect(await checkApi(async () => status, 1000)).toEqual({
        status: "unhealthy",
        details: `API responded with status ${status}`,
      });
    }
  });

  it("reports a failed call as an error during the API check", async () => {
    const failed = await checkApi(async () => {
      throw new Error("connect ECONNREFUSED");
    }, 1000);
    expect(failed).toEqual({
      status: "unhealthy",
      details: "Error during API check: connect ECONNREFUSED",
    });
    const odd = await checkApi(() => Promise.reject("boom"), 1000);
    expect(odd).toEqual({ status: "unhealthy", details: "Unknown API error" });
  });

  it("gives up after the timeout and aborts the call", async () => {
    let signal: AbortSignal | undefined;
    const started = Date.now();
    const result = await checkApi((s) => {
      signal = s;
      return new Promise<number>(() => {});
    }, 30);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.status).toBe("unhealthy");
    expect(result.details).toMatch(/^Error during API check: Timed out after 30 ms/);
    expect(signal?.aborted).toBe(true);
  });
});

describe("checkBlockchain", () => {
  it("says the blockchain API is not responding on a bad answer", async () => {
    const result = await checkBlockchain(
      chainOf(async () => {
        throw new ChainNotRespondingError(503);
      }),
      1000,
    );
    expect(result).toEqual({ status: "unhealthy", details: "Blockchain API is not responding" });
  });

  it("reports other failures as errors during the blockchain check", async () => {
    const failed = await checkBlockchain(
      chainOf(async () => {
        throw new TypeError("fetch failed");
      }),
      1000,
    );
    expect(failed).toEqual({
      status: "unhealthy",
      details: "Error during blockchain check: fetch failed",
    });
    const odd = await checkBlockchain(
      chainOf(() => Promise.reject(42)),
      1000,
    );
    expect(odd).toEqual({ status: "unhealthy", details: "Unknown blockchain error" });
    expect(await checkBlockchain(okChain, 1000)).toEqual({ status: "healthy" });
  });

  it("times out a chain API that never answers", async () => {
    const deaf = await checkBlockchain(
      chainOf(() => new Promise(() => {})),
      30,
    );
    expect(deaf).toEqual({
      status: "unhealthy",
      details: "Error during blockchain check: Timed out after 30 ms",
    });
    // A fetch that honours the abort signal ends within the timeout too.
    const stalled = (async (_url: unknown, init?: RequestInit) =>
      hang(init!.signal!)) as typeof fetch;
    const started = Date.now();
    const result = await checkBlockchain(toncenterChain("https://toncenter.example", stalled), 30);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.status).toBe("unhealthy");
    expect(result.details).toMatch(/^Error during blockchain check: /);
  });

  it("pings toncenter's masterchainInfo and maps a non-OK status", async () => {
    const calls: string[] = [];
    const answer = (status: number) =>
      (async (url: string | URL | Request) => {
        calls.push(String(url));
        return new Response("{}", { status });
      }) as typeof fetch;
    const up = toncenterChain("https://testnet.toncenter.com", answer(200));
    expect(await checkBlockchain(up, 1000)).toEqual({ status: "healthy" });
    expect(calls).toEqual(["https://testnet.toncenter.com/api/v3/masterchainInfo"]);
    const down = toncenterChain("https://testnet.toncenter.com", answer(502));
    expect(await checkBlockchain(down, 1000)).toEqual({
      status: "unhealthy",
      details: "Blockchain API is not responding",
    });
  });
});

describe("checkDatabase", () => {
  it("reads one users row, and reports why it could not", async () => {
    expect(await checkDatabase(okDb, 1000)).toEqual({ status: "healthy" });
    const refused = fakeDb(async () => {
      throw new Error("connection refused");
    });
    expect(await checkDatabase(refused, 1000)).toEqual({
      status: "unhealthy",
      details: "connection refused",
    });
    expect(
      await checkDatabase(
        fakeDb(() => Promise.reject("?")),
        1000,
      ),
    ).toEqual({
      status: "unhealthy",
      details: "Unknown database error",
    });
    const slow = await checkDatabase(
      fakeDb(() => new Promise(() => {})),
      30,
    );
    expect(slow).toEqual({ status: "unhealthy", details: "Timed out after 30 ms" });
  });
});

describe("checkHealth", () => {
  const clock = manualClock(new Date("2026-03-01T12:00:00Z"));
  const deps = (over: Partial<HealthDeps>): HealthDeps => ({
    db: okDb,
    chain: okChain,
    clock,
    probeApi: async () => 200,
    timeoutMs: 50,
    ...over,
  });

  it("follows the database only for the overall status", async () => {
    const allGood = await checkHealth(deps({}));
    expect(allGood).toEqual({
      status: "healthy",
      timestamp: "2026-03-01T12:00:00.000Z",
      components: {
        database: { status: "healthy" },
        api: { status: "healthy" },
        blockchain: { status: "healthy" },
      },
    });
    const sideFailures = await checkHealth(
      deps({ probeApi: async () => 500, chain: chainOf(hang) }),
    );
    expect(sideFailures.status).toBe("healthy");
    expect(sideFailures.components.api.status).toBe("unhealthy");
    expect(sideFailures.components.blockchain.status).toBe("unhealthy");
    const dbDown = await checkHealth(
      deps({
        db: fakeDb(async () => {
          throw new Error("the database system is shutting down");
        }),
      }),
    );
    expect(dbDown.status).toBe("unhealthy");
    expect(dbDown.components.database).toEqual({
      status: "unhealthy",
      details: "the database system is shutting down",
    });
  });

  it("runs the three checks in parallel within one timeout", async () => {
    const started = Date.now();
    const health = await checkHealth(
      deps({
        db: fakeDb(() => new Promise(() => {})),
        probeApi: () => new Promise(() => {}),
        chain: chainOf(hang),
        timeoutMs: 300,
      }),
    );
    expect(Date.now() - started).toBeLessThan(850);
    expect(health.status).toBe("unhealthy");
  });
});

describe("the health-check job", () => {
  it("checks at start and every interval, logging only changes", async () => {
    vi.useFakeTimers();
    let chainUp = true;
    const chain = chainOf(async () => {
      if (!chainUp) throw new ChainNotRespondingError(502);
    });
    const log = { info: vi.fn(), error: vi.fn() };
    const monitor = startJobs(
      [
        healthMonitorJob(
          { db: okDb, chain, clock: manualClock(), probeApi: async () => 200, timeoutMs: 1000 },
          5 * 60_000,
          log as never,
        ),
      ],
      log as never,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info.mock.calls[0]?.[1]).toBe("health changed to healthy");

    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(log.info).toHaveBeenCalledTimes(1);

    chainUp = false;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(log.info).toHaveBeenCalledTimes(2);
    const [payload] = log.info.mock.calls[1] as [
      { health: { components: { blockchain: unknown } } },
    ];
    expect(payload.health.components.blockchain).toEqual({
      status: "unhealthy",
      details: "Blockchain API is not responding",
    });
    monitor.stop();
    chainUp = true;
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(log.info).toHaveBeenCalledTimes(2);
    expect(log.error).not.toHaveBeenCalled();
  });
});
