import type { FastifyBaseLogger } from "fastify";

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
