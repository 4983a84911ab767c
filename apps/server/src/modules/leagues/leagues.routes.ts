import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  adminLeagues,
  currentLeague,
  friendsBoard,
  getLeagueSettings,
  type LeaguesDeps,
  leagueHistory,
  setLeagueSettings,
} from "./leagues.service.ts";

/**
 * Signed-in routes (registered inside the signed-in scope). Reads, like GET /api/mining and GET
 * /api/leaderboard: counted by each verified user's fair share of the API (USER_RATE_LIMIT_MAX).
 */
export async function leaguesRoutes(app: FastifyInstance, deps: LeaguesDeps) {
  handle(app, "GET /api/leagues/current", ({ viewer }) => currentLeague(deps, viewer.userId));
  handle(app, "GET /api/leagues/history", ({ viewer }) => leagueHistory(deps, viewer.userId));
  handle(app, "GET /api/leaderboard/friends", ({ viewer }) => friendsBoard(deps, viewer.userId));
}

/** Admin routes: registered in the admin scope, behind its gate. */
export async function leaguesAdminRoutes(app: FastifyInstance, deps: LeaguesDeps) {
  handle(app, "GET /api/admin/leagues", () => adminLeagues(deps));
  handle(app, "GET /api/admin/leagues/settings", () => getLeagueSettings(deps));
  handle(app, "PUT /api/admin/leagues/settings", ({ body }, request) =>
    setLeagueSettings(deps, actorOf(request), body),
  );
}
