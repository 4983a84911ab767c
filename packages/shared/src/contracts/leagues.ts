import {
  adminLeaguesSchema,
  leagueCurrentSchema,
  leagueHistorySchema,
  leagueSettingsSchema,
} from "../schemas/leagues.ts";
import { defineContracts, route } from "./contract.ts";

/** The leagues module's routes (apps/server/src/modules/leagues; decision 0040). */
export const leaguesContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/leagues/current",
    access: "user",
    tag: "leagues",
    summary: "My league group this week: members by FRE mined, promotion and demotion zones",
    response: leagueCurrentSchema,
    errors: [401, 429],
  }),
  route({
    method: "GET",
    path: "/api/leagues/history",
    access: "user",
    tag: "leagues",
    summary: "My past weeks: league, rank, reward, outcome",
    response: leagueHistorySchema,
    errors: [401, 429],
  }),
  route({
    method: "GET",
    path: "/api/admin/leagues",
    access: "admin",
    tag: "admin",
    summary: "This week's leagues: groups, members, best miners",
    response: adminLeaguesSchema,
    errors: [401, 403],
  }),
  route({
    method: "GET",
    path: "/api/admin/leagues/settings",
    access: "admin",
    tag: "admin",
    summary: "League thresholds, rewards and multipliers",
    response: leagueSettingsSchema,
    errors: [401, 403],
  }),
  route({
    method: "PUT",
    path: "/api/admin/leagues/settings",
    access: "admin",
    tag: "admin",
    summary: "Sets the league thresholds, rewards and multipliers (audited)",
    body: leagueSettingsSchema,
    response: leagueSettingsSchema,
    errors: [400, 401, 403],
  }),
]);
