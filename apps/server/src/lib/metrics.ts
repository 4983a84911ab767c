import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { groupMetrics, shareWithGroup } from "./cluster-metrics.ts";
import { AppError } from "./errors.ts";
import { isLoopbackCaller } from "./loopback-caller.ts";

export interface MetricsOptions {
  /** METRICS_TOKEN: a scraper sends `Authorization: Bearer <token>`; without it, loopback only. */
  token?: string;
  /** A worker of our process group (inProcessGroup): a scrape answers for the whole group. */
  inGroup?: boolean;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Process and route figures are for operators: a bearer token, or a caller on this machine. */
export function metricsAccess(options: MetricsOptions) {
  const expected = options.token ? digest(options.token) : null;
  return (request: FastifyRequest): boolean => {
    const header = request.headers.authorization;
    if (expected && header?.startsWith("Bearer ")) {
      return timingSafeEqual(digest(header.slice("Bearer ".length)), expected);
    }
    return isLoopbackCaller(request);
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The spec's histograms, recorded by the composition root and the vitals route. */
    domainMetrics: DomainMetrics;
  }
}

/** Prometheus metrics at /metrics: process defaults + HTTP latency per route. */
export async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  registerMetrics(app, metricsAccess(options), options.inGroup === true);
}
// Not encapsulated: the latency hook must see every route of the app.
(metricsPlugin as unknown as Record<symbol, boolean>)[Symbol.for("skip-override")] = true;

function registerMetrics(
  app: FastifyInstance,
  allowed: (request: FastifyRequest) => boolean,
  inGroup: boolean,
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "fre_" });
  if (inGroup) shareWithGroup(registry);
  const duration = new Histogram({
    name: "fre_http_request_duration_seconds",
    help: "HTTP request duration by method, route and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // One labelled child per (method, route, status), found by a string key: observing through it
  // skips prom-client's label validation and hashing on every request.
  const children = new Map<string, ReturnType<typeof duration.labels>>();
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = duration.labels({ method: request.method, route, status: String(reply.statusCode) });
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
  app.decorate("domainMetrics", domainMetrics(registry));
  app.get(
    "/metrics",
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      if (!allowed(request)) throw new AppError("UNAUTHORIZED", 401);
      // Several workers (WEB_CONCURRENCY): the primary sums every worker's figures.
      const text = inGroup ? await groupMetrics() : await registry.metrics();
      return reply.type(registry.contentType).send(text);
    },
  );
}

/** Distinct route labels the web vitals keep; reports for further patterns count as "other". */
export const WEB_VITAL_ROUTES_MAX = 64;

/**
 * The spec's histograms (decision 0038): mining session hours (1/6/12/24), chain call durations
 * (0.1–10 s) and the web app's Core Web Vitals. Each records a number and nothing of who.
 */
export function domainMetrics(registry: Registry) {
  const sessionHours = new Histogram({
    name: "fre_mining_session_hours",
    help: "Length of settled mining sessions in hours (start to claim, stop or end), by outcome",
    labelNames: ["outcome"],
    buckets: [1, 6, 12, 24],
    registers: [registry],
  });
  const chainSeconds = new Histogram({
    name: "fre_chain_transaction_duration_seconds",
    help: "Duration of the TON chain adapter's calls, by operation and outcome",
    labelNames: ["operation", "outcome"],
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const vitalSeconds = new Histogram({
    name: "fre_web_vitals_seconds",
    help: "Core Web Vitals timings (LCP, INP, FCP, TTFB) of sampled page views, by route pattern",
    labelNames: ["metric", "route"],
    buckets: [0.05, 0.1, 0.2, 0.5, 0.8, 1, 1.8, 2.5, 3, 4, 6, 10],
    registers: [registry],
  });
  const vitalCls = new Histogram({
    name: "fre_web_vitals_cls",
    help: "Cumulative Layout Shift of sampled page views, by route pattern",
    labelNames: ["route"],
    buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
    registers: [registry],
  });
  const groupSize = new Histogram({
    name: "fre_transaction_group_size",
    help: "Works per shared transaction of starts and claims (decision 0047), by outcome",
    labelNames: ["outcome"],
    buckets: [1, 2, 4, 8, 16, 32],
    registers: [registry],
  });
  const routes = new Set<string>();
  return {
    /** Gauges read at each scrape (payouts, outbox, ledger…), declared by the modules owning them. */
    gauges(specs: GaugeSpec[]) {
      for (const spec of specs) scrapedGauge(registry, spec);
    },
    /** A transaction group ended: committed, or rolled back and its works run alone (retried). */
    transactionGroup(size: number, outcome: "committed" | "retried") {
      groupSize.observe({ outcome }, size);
    },
    miningSession(hours: number, outcome: "claimed" | "stopped") {
      sessionHours.observe({ outcome }, hours);
    },
    chainCall(operation: string, seconds: number, outcome: "ok" | "error") {
      chainSeconds.observe({ operation, outcome }, seconds);
    },
    /** A timing in milliseconds, or the CLS score; the route label set stays bounded. */
    webVital(metric: "LCP" | "INP" | "CLS" | "FCP" | "TTFB", value: number, route: string) {
      if (!routes.has(route) && routes.size < WEB_VITAL_ROUTES_MAX) routes.add(route);
      const label = routes.has(route) ? route : "other";
      if (metric === "CLS") vitalCls.observe({ route: label }, value);
      else vitalSeconds.observe({ metric, route: label }, value / 1000);
    },
  };
}
export type DomainMetrics = ReturnType<typeof domainMetrics>;

/**
 * A gauge a module declares and reads at each scrape. `aggregate` says how a group of workers
 * (WEB_CONCURRENCY) combines it: `sum` for a per-process figure (a pool's size), `max` for a
 * figure every worker reads from the one database (each answers the same number).
 */
export interface GaugeSpec {
  name: string;
  help: string;
  aggregate: "sum" | "max";
  /** The value now; null leaves the gauge without a sample (nothing to measure yet). */
  read(): Promise<number | null>;
}

function scrapedGauge(registry: Registry, spec: GaugeSpec) {
  new Gauge({
    name: spec.name,
    help: spec.help,
    aggregator: spec.aggregate,
    registers: [registry],
    async collect() {
      // A failing read (the database away) drops this sample, not the whole scrape.
      const value = await spec.read().catch(() => null);
      // No sample at all (reset() would write a 0: a "failed" ledger check that never ran).
      if (value === null) (this as unknown as { hashMap: object }).hashMap = {};
      else this.set(value);
    },
  });
}
