import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";
import type { LeaderboardService } from "./leaderboard.service.ts";

/** Signed-in routes (registered inside the signed-in scope). */
export async function leaderboardRoutes(
  app: FastifyInstance,
  deps: { leaderboard: LeaderboardService },
) {
  handle(app, "GET /api/leaderboard", ({ viewer }) => deps.leaderboard.get(viewer.userId));
}
