import {
  adminStatsSchema,
  adminStatsSeriesQuerySchema,
  adminStatsSeriesSchema,
  errorResponses,
  publicStatsSchema,
} from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { StatsService } from "./stats.service.ts";

export async function statsRoutes(fastify: FastifyInstance, deps: { stats: StatsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/stats/public",
    {
      schema: {
        tags: ["stats"],
        summary: "Public figures for the landing page (cached ≤ 60 s)",
        response: { 200: publicStatsSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return deps.stats.publicStats();
    },
  );
}

/** Admin routes: registered in the admin scope, behind its gate. */
export async function statsAdminRoutes(fastify: FastifyInstance, deps: { stats: StatsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["admin"];
  const errors = errorResponses(400, 401, 403);
  app.get(
    "/api/admin/stats",
    {
      schema: {
        tags,
        summary: "Global statistics (spec §3), shop revenue and game volumes (cached ≤ 60 s)",
        response: { 200: adminStatsSchema, ...errors },
      },
    },
    async () => deps.stats.globalStats(),
  );
  app.get(
    "/api/admin/stats/series",
    {
      schema: {
        tags,
        summary: "One figure per UTC day over the last `days` days, zero-filled (cached ≤ 60 s)",
        querystring: adminStatsSeriesQuerySchema,
        response: { 200: adminStatsSeriesSchema, ...errors },
      },
    },
    async (request) => deps.stats.dailySeries(request.query.metric, request.query.days),
  );
}
