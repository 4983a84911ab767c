import { publicStatsSchema } from "@fre/shared";
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
