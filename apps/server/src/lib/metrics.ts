import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";
import { groupMetrics, inProcessGroup, shareWithGroup } from "./cluster-metrics.ts";
import { AppError } from "./errors.ts";
import { isLoopbackCaller } from "./loopback-caller.ts";

export interface MetricsOptions {
  /** METRICS_TOKEN: a scraper sends `Authorization: Bearer <token>`; without it, loopback only. */
  token?: string;
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

/** Prometheus metrics at /metrics: process defaults + HTTP latency per route. */
export async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  registerMetrics(app, metricsAccess(options));
}
// Not encapsulated: the latency hook must see every route of the app.
(metricsPlugin as unknown as Record<symbol, boolean>)[Symbol.for("skip-override")] = true;

function registerMetrics(app: FastifyInstance, allowed: (request: FastifyRequest) => boolean) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "fre_" });
  shareWithGroup(registry);
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
  app.get(
    "/metrics",
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      if (!allowed(request)) throw new AppError("UNAUTHORIZED", 401);
      // Several workers (WEB_CONCURRENCY): the primary sums every worker's figures.
      const text = inProcessGroup() ? await groupMetrics() : await registry.metrics();
      return reply.type(registry.contentType).send(text);
    },
  );
}
