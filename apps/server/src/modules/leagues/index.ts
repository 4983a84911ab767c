export { leaguesAdminRoutes, leaguesRoutes } from "./leagues.routes.ts";
export { type LeaguesDeps, leagueSettingsCache, runLeagueJob } from "./leagues.service.ts";
// The weeks of every weekly board (the squads rank on the same weeks).
export { type IsoWeek, isoWeekOf } from "./leagues.week.ts";
