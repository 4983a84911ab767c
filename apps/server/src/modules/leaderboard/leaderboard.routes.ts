import { errorResponseSchema, leaderboardSchema } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ViewerResolver } from "../auth/viewer.ts";
import type { LeaderboardService } from "./leaderboard.service.ts";

export async function leaderboardRoutes(
  fastify: FastifyInstance,
  deps: { leaderboard: LeaderboardService; viewer: ViewerResolver },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/leaderboard",
    {
      schema: {
        tags: ["leaderboard"],
        summary: "Top 10 by total mined, and my rank",
        response: { 200: leaderboardSchema, 401: errorResponseSchema },
      },
    },
    async (request) => deps.leaderboard.get((await deps.viewer.required(request)).userId),
  );
}
