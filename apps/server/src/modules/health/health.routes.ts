import { healthSchema, liveHealthSchema } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { checkHealth, type HealthDeps } from "./health.service.ts";

export async function healthRoutes(fastify: FastifyInstance, deps: HealthDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/health",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["platform"],
        summary: "Database, API and blockchain health (overall follows the database)",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(deps);
      return reply.status(health.status === "healthy" ? 200 : 503).send(health);
    },
  );
  app.get(
    "/api/health/live",
    {
      config: { rateLimit: false },
      schema: { tags: ["platform"], response: { 200: liveHealthSchema } },
    },
    async () => ({ status: "ok" as const }),
  );
}
