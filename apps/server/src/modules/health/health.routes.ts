import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";
import { checkHealth, type HealthDeps } from "./health.service.ts";

export async function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  const config = { rateLimit: false } as const;
  handle(
    app,
    "GET /api/health",
    async (_input, _request, reply) => {
      const health = await checkHealth(deps);
      // Unhealthy: 503 with the same body, so a probe reads what failed.
      return reply.status(health.status === "healthy" ? 200 : 503).send(health);
    },
    { config },
  );
  handle(app, "GET /api/health/live", () => ({ status: "ok" as const }), { config });
}
