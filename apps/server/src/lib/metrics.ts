import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";

/** Prometheus metrics at /metrics: process defaults + HTTP latency per route. */
export async function metricsPlugin(app: FastifyInstance) {
  registerMetrics(app);
}
// Not encapsulated: the latency hook must see every route of the app.
(metricsPlugin as unknown as Record<symbol, boolean>)[Symbol.for("skip-override")] = true;

function registerMetrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "fre_" });
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
  app.get("/metrics", { schema: { hide: true }, config: { rateLimit: false } }, async (_r, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
}
