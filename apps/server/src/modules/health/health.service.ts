import { type ComponentHealth, HEALTH_CHECK_TIMEOUT_MS, type Health } from "@fre/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Job } from "../../lib/jobs.ts";
import type { Chain } from "../ton/chain.ts";
import { ChainNotRespondingError } from "../ton/chain-errors.ts";
import { readOneUser } from "./health.repo.ts";

export interface HealthDeps {
  db: Db;
  chain: Chain;
  clock: Clock;
  /** GETs the API's own liveness endpoint and returns the HTTP status. */
  probeApi: (signal: AbortSignal) => Promise<number>;
  timeoutMs?: number;
}

const healthy: ComponentHealth = { status: "healthy" };
const unhealthy = (details: string): ComponentHealth => ({ status: "unhealthy", details });

async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`Timed out after ${ms} ms`));
      controller.abort();
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Spec §7: read one users row. */
export async function checkDatabase(db: Db, timeoutMs: number): Promise<ComponentHealth> {
  try {
    await withTimeout(timeoutMs, () => readOneUser(db));
    return healthy;
  } catch (error) {
    return unhealthy(error instanceof Error ? error.message : "Unknown database error");
  }
}

export async function checkApi(
  probe: HealthDeps["probeApi"],
  timeoutMs: number,
): Promise<ComponentHealth> {
  try {
    const status = await withTimeout(timeoutMs, probe);
    return status >= 200 && status < 300
      ? healthy
      : unhealthy(`API responded with status ${status}`);
  } catch (error) {
    return unhealthy(
      error instanceof Error ? `Error during API check: ${error.message}` : "Unknown API error",
    );
  }
}

export async function checkBlockchain(chain: Chain, timeoutMs: number): Promise<ComponentHealth> {
  try {
    await withTimeout(timeoutMs, (signal) => chain.ping(signal));
    return healthy;
  } catch (error) {
    if (error instanceof ChainNotRespondingError) return unhealthy(error.message);
    return unhealthy(
      error instanceof Error
        ? `Error during blockchain check: ${error.message}`
        : "Unknown blockchain error",
    );
  }
}

/** All three checks in parallel; the overall status follows the database only (spec §4). */
export async function checkHealth(deps: HealthDeps): Promise<Health> {
  const timeoutMs = deps.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;
  const [database, api, blockchain] = await Promise.all([
    checkDatabase(deps.db, timeoutMs),
    checkApi(deps.probeApi, timeoutMs),
    checkBlockchain(deps.chain, timeoutMs),
  ]);
  return {
    status: database.status,
    timestamp: deps.clock.now().toISOString(),
    components: { database, api, blockchain },
  };
}

const signature = (h: Health) =>
  `${h.status}|${h.components.database.status}|${h.components.api.status}|${h.components.blockchain.status}`;

/** Re-checks every interval and logs only when a status changes. */
/** The background health check: logs only when the overall picture changes. */
export function healthMonitorJob(
  deps: HealthDeps,
  everyMs: number,
  log: Pick<FastifyBaseLogger, "info" | "error">,
): Job {
  let last: string | null = null;
  return {
    name: "health-check",
    everyMs,
    async run() {
      const health = await checkHealth(deps);
      const current = signature(health);
      if (current !== last) {
        const level = health.status === "healthy" ? "info" : "error";
        log[level]({ health }, `health changed to ${health.status}`);
        last = current;
      }
    },
  };
}
