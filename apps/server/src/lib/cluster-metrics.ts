import cluster from "node:cluster";
import { AggregatorRegistry, Counter, Registry } from "prom-client";

/**
 * /metrics over a process group (decision 0036): with WEB_CONCURRENCY > 1 the worker answering a
 * scrape asks the primary, which gathers every worker's registry (prom-client's
 * AggregatorRegistry: counters and histograms summed) — one scrape sees the whole group.
 */

const REQUEST = "fre:metrics-request";
const ANSWER = "fre:metrics-answer";
const TIMEOUT_MS = 8000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/**
 * True in a worker forked by our primary: a cluster worker with WEB_CONCURRENCY > 1 (under another
 * process manager's cluster, WEB_CONCURRENCY stays 1 — README).
 */
export function inProcessGroup(config: { WEB_CONCURRENCY: number }) {
  return cluster.isWorker && config.WEB_CONCURRENCY > 1;
}

/** In a group worker: lets the primary read this registry. */
export function shareWithGroup(registry: Registry) {
  AggregatorRegistry.setRegistries([registry]);
  // The constructor installs prom-client's worker-side listener for the primary's requests.
  new AggregatorRegistry();
}

let nextId = 0;

/** In a group worker: the whole group's metrics, in the Prometheus text format. */
export function groupMetrics(): Promise<string> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (message: Answer) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? "no metrics"));
    };
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary did not answer the metrics request"));
    }, TIMEOUT_MS);
    process.on("message", onMessage);
    process.send?.({ type: REQUEST, id });
  });
}

/**
 * The primary's own figures, appended to the group's: a worker that died and was restarted
 * (its counts gone with it) is counted here, where a crash loop shows (alert FreWorkerRestartLoop).
 */
const primaryRegistry = new Registry();
const workerRestarts = new Counter({
  name: "fre_worker_restarts_total",
  help: "Workers that exited unexpectedly and were restarted by the primary (WEB_CONCURRENCY > 1)",
  registers: [primaryRegistry],
});

/** In the primary: a worker died unexpectedly and is being restarted. */
export const countWorkerRestart = () => workerRestarts.inc();

/** In the primary: answers the workers' metrics requests with the group's figures. */
export function serveGroupMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQUEST) return;
    const answer = (body: Omit<Answer, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...body });
    };
    Promise.all([aggregator.clusterMetrics(), primaryRegistry.metrics()]).then(
      ([group, primary]) => answer({ text: `${group.trimEnd()}\n${primary}` }),
      (error: Error) => answer({ error: error.message }),
    );
  });
}
