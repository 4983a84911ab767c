import cluster, { type Worker } from "node:cluster";
import { hostname } from "node:os";
import type { Config } from "./config.ts";
import { countWorkerRestart, serveGroupMetrics } from "./lib/cluster-metrics.ts";

/**
 * Several server processes on one port, the Node way (decision 0036): with WEB_CONCURRENCY > 1
 * the primary prepares the database once (migrations, demo content), forks the workers (each a
 * whole server, connections shared out by the primary), restarts one that dies, replaces them one
 * at a time on SIGHUP and drains them all on SIGTERM/SIGINT. It serves no request itself.
 */

/**
 * How long a process may take to drain before it closes what is left (then the primary kills
 * it): idle connections expire by the keep-alive timeout, requests in flight get 10 s more.
 */
export const drainTimeoutMs = (config: Pick<Config, "HTTP_KEEP_ALIVE_MS">) =>
  config.HTTP_KEEP_ALIVE_MS + 10_000;
/** How long a new worker may take to listen before a reload gives up on it. */
const START_TIMEOUT_MS = 120_000;
const DRAIN_MESSAGE = "fre:drain";

type Level = "info" | "warn" | "error";
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 };

/** The primary's log: the same JSON lines as the workers' (pino's shape), on stdout. */
export function primaryLog(level: Config["LOG_LEVEL"]) {
  const write = (at: Level) => (fields: Record<string, unknown>, msg: string) => {
    if (LEVELS[at] < LEVELS[level]) return;
    const line = { level: LEVELS[at], time: Date.now(), pid: process.pid, hostname: hostname() };
    process.stdout.write(`${JSON.stringify({ ...line, role: "primary", ...fields, msg })}\n`);
  };
  return { info: write("info"), warn: write("warn"), error: write("error") };
}

/** In a worker: `drain` runs when the primary retires this worker (reload or stop). */
export function onRetire(drain: () => void) {
  process.on("message", (message: { type?: string }) => {
    if (message?.type === DRAIN_MESSAGE) drain();
  });
  // A terminal hang-up reaches the whole process group: reloading is the primary's business.
  process.on("SIGHUP", () => {});
}

export async function runPrimary(config: Config, prepare: () => Promise<void>) {
  const log = primaryLog(config.LOG_LEVEL);
  await prepare();
  serveGroupMetrics();
  /** Workers serving, or starting to replace one (not those draining). */
  const serving = new Set<Worker>();
  /** Workers asked to stop: their exit is expected. */
  const retiring = new Set<Worker>();
  /** Workers a reload started and that do not listen yet: a failed one is not restarted. */
  const candidates = new Set<Worker>();
  let stopping = false;
  let reloading = false;
  let recentFailures = 0;

  const fork = (candidate = false) => {
    const worker = cluster.fork();
    const startedAt = Date.now();
    serving.add(worker);
    if (candidate) candidates.add(worker);
    worker.once("listening", () => {
      candidates.delete(worker);
      log.info({ worker: worker.id, workerPid: worker.process.pid }, "worker listening");
    });
    worker.once("exit", (code, signal) => {
      serving.delete(worker);
      if (retiring.delete(worker) || stopping) return;
      if (candidates.delete(worker)) return;
      // Unexpected: restart it, waiting longer after each death that follows a short life.
      recentFailures = Date.now() - startedAt > 60_000 ? 1 : recentFailures + 1;
      const delay = Math.min(30_000, 500 * 2 ** (recentFailures - 1));
      log.error({ worker: worker.id, code, signal, restartInMs: delay }, "worker died; restarting");
      countWorkerRestart();
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
    });
    return worker;
  };

  /** Resolves true once `worker` listens; false if it exits or takes too long (then it is killed). */
  const listening = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        worker.process.kill("SIGKILL");
        resolve(false);
      }, START_TIMEOUT_MS);
      worker.once("listening", () => {
        clearTimeout(timer);
        resolve(true);
      });
      worker.once("exit", () => {
        clearTimeout(timer);
        resolve(false);
      });
    });

  /** Asks `worker` to drain and resolves with its exit code once it is gone. */
  const retire = (worker: Worker) =>
    new Promise<number | null>((resolve) => {
      serving.delete(worker);
      retiring.add(worker);
      if (worker.isDead()) {
        resolve(worker.process.exitCode);
        return;
      }
      const kill = setTimeout(() => {
        log.warn({ worker: worker.id }, "worker still running after its drain: killed");
        worker.process.kill("SIGKILL");
      }, drainTimeoutMs(config) + 5000);
      worker.once("exit", (code) => {
        clearTimeout(kill);
        resolve(code);
      });
      if (worker.isConnected()) worker.send({ type: DRAIN_MESSAGE });
    });

  /** SIGHUP: each worker in turn — a new one listens, then the old one drains and exits. */
  const reload = async () => {
    log.info({ workers: serving.size }, "reload: replacing the workers one at a time");
    for (const old of [...serving]) {
      if (stopping) return;
      // Died meanwhile: its restart already runs the new code.
      if (!serving.has(old)) continue;
      const fresh = fork(true);
      if (!(await listening(fresh))) {
        log.error({ worker: fresh.id }, "reload stopped: a new worker did not start");
        return;
      }
      await retire(old);
    }
    log.info({ workers: serving.size }, "reload done");
  };

  process.on("SIGHUP", () => {
    if (stopping) return;
    if (reloading) {
      log.warn({}, "reload already under way: SIGHUP ignored");
      return;
    }
    reloading = true;
    void reload().finally(() => {
      reloading = false;
    });
  });

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "draining every worker");
    const codes = await Promise.all(Object.values(cluster.workers ?? {}).map((w) => retire(w!)));
    const clean = codes.every((code) => code === 0);
    log.info({ clean }, "stopped");
    process.exit(clean ? 0 : 1);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  const first = Array.from({ length: config.WEB_CONCURRENCY }, () => fork());
  const started = await Promise.all(first.map(listening));
  if (started.every(Boolean)) {
    log.info({ workers: config.WEB_CONCURRENCY }, `FRE is running at ${config.PUBLIC_URL}`);
    process.stderr.write(
      `\n  FRE is running at ${config.PUBLIC_URL} (${config.WEB_CONCURRENCY} workers)\n\n`,
    );
  }
}
