import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";

/** A periodic piece of background work of a running server (sweeps, pollers, payouts…). */
export interface Job {
  name: string;
  everyMs: number;
  /** Also run once at start (default true). */
  runAtStart?: boolean;
  run(): Promise<unknown>;
}

/**
 * Runs each job every `everyMs`, never two runs of one job at once (a slow run skips the ticks it
 * overlaps), with one logger: a failure is logged with the job's name and the next tick tries
 * again. `stop()` clears every timer (the server's shutdown).
 */
export function startJobs(jobs: Job[], log: Pick<FastifyBaseLogger, "error">) {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      job
        .run()
        .catch((error) => log.error({ err: error, job: job.name }, `${job.name} failed`))
        .finally(() => {
          running = false;
        });
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    if (job.runAtStart !== false) tick();
    return timer;
  });
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
    },
  };
}

/**
 * A job that runs in one process at a time however many serve (WEB_CONCURRENCY, several
 * machines): each run holds a PostgreSQL advisory lock for its duration, and a process finding it
 * taken skips that tick (decision 0036). For work that is correct when doubled but costly or
 * noisy: the chain reader's shared cursor and API quota, the hot wallet's sends.
 */
export function oneProcessAtATime(job: Job, database: Pick<Database, "exclusively">): Job {
  return { ...job, run: () => database.exclusively(`job:${job.name}`, () => job.run()) };
}
