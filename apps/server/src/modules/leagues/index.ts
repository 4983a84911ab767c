export { leaguesAdminRoutes, leaguesRoutes } from "./leagues.routes.ts";
export { type LeaguesDeps, runLeagueJob } from "./leagues.service.ts";
