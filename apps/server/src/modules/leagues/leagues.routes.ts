import type { FastifyInstance } from "fastify";
import { handle } from "../../lib/contract-route.ts";
import { actorOf } from "../admin/admin-gate.ts";
import {
  adminLeagues,
  currentLeague,
  friendsBoard,
  getLeagueSettings,
  type LeaguesDeps,
  leagueHistory,
  setLeagueSettings,
} from "./leagues.service.ts";

/** A live board polled every 30 s, with room for reloads and several tabs. */
const READS = { config: { userRateLimit: { max: 60, timeWindow: "1 minute" } } };

/** Signed-in routes (registered inside the signed-in scope). */
export async function leaguesRoutes(app: FastifyInstance, deps: LeaguesDeps) {
  handle(
    app,
    "GET /api/leagues/current",
    ({ viewer }) => currentLeague(deps, viewer.userId),
    READS,
  );
  handle(
    app,
    "GET /api/leagues/history",
    ({ viewer }) => leagueHistory(deps, viewer.userId),
    READS,
  );
  handle(
    app,
    "GET /api/leaderboard/friends",
    ({ viewer }) => friendsBoard(deps, viewer.userId),
    READS,
  );
}

/** Admin routes: registered in the admin scope, behind its gate. */
export async function leaguesAdminRoutes(app: FastifyInstance, deps: LeaguesDeps) {
  handle(app, "GET /api/admin/leagues", () => adminLeagues(deps));
  handle(app, "GET /api/admin/leagues/settings", () => getLeagueSettings(deps));
  handle(app, "PUT /api/admin/leagues/settings", ({ body }, request) =>
    setLeagueSettings(deps, actorOf(request), body),
  );
}
