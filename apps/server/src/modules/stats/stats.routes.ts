import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";
import type { StatsService } from "./stats.service.ts";

export async function statsRoutes(app: FastifyInstance, deps: { stats: StatsService }) {
  handle(app, "GET /api/stats/public", (_input, _request, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return deps.stats.publicStats();
  });
}

/** Admin routes: registered in the admin scope, behind its gate. */
export async function statsAdminRoutes(app: FastifyInstance, deps: { stats: StatsService }) {
  handle(app, "GET /api/admin/stats", () => deps.stats.globalStats());
  handle(app, "GET /api/admin/stats/series", ({ query }) =>
    deps.stats.dailySeries(query.metric, query.days),
  );
}
