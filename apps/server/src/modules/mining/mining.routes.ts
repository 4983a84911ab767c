import { errorResponses, miningStateSchema, settleResultSchema } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ViewerResolver } from "../auth/viewer.ts";
import { getMining, type MiningDeps, settleMining, startMining } from "./mining.service.ts";

export async function miningRoutes(
  fastify: FastifyInstance,
  deps: MiningDeps & { viewer: ViewerResolver },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["mining"];
  const errors = errorResponses(401, 403, 409);

  app.get(
    "/api/mining",
    {
      schema: {
        tags,
        summary: "Current session, rate breakdown, server time",
        response: { 200: miningStateSchema, ...errors },
      },
    },
    async (request) => getMining(deps, (await deps.viewer.required(request)).userId),
  );
  app.post(
    "/api/mining/start",
    {
      schema: {
        tags,
        summary: "Start a 24-hour session (verified e-mail)",
        response: { 200: miningStateSchema, ...errors },
      },
    },
    async (request) => startMining(deps, (await deps.viewer.required(request)).userId),
  );
  app.post(
    "/api/mining/claim",
    {
      schema: {
        tags,
        summary: "Claim the session's earnings",
        response: { 200: settleResultSchema, ...errors },
      },
    },
    async (request) => settleMining(deps, (await deps.viewer.required(request)).userId, "claim"),
  );
  app.post(
    "/api/mining/stop",
    {
      schema: {
        tags,
        summary: "Stop now and credit the earnings so far",
        response: { 200: settleResultSchema, ...errors },
      },
    },
    async (request) => settleMining(deps, (await deps.viewer.required(request)).userId, "stop"),
  );
}
