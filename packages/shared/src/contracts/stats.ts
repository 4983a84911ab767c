import {
  adminStatsSchema,
  adminStatsSeriesQuerySchema,
  adminStatsSeriesSchema,
} from "../schemas/admin-stats.ts";
import { publicStatsSchema } from "../schemas/wallet.ts";
import { defineContracts, route } from "./contract.ts";

/** The stats module's routes (apps/server/src/modules/stats). */
export const statsContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/stats/public",
    access: "public",
    tag: "stats",
    summary: "Public figures for the landing page (cached ≤ 60 s)",
    response: publicStatsSchema,
    errors: [],
  }),
  route({
    method: "GET",
    path: "/api/admin/stats",
    access: "admin",
    tag: "admin",
    summary: "Global statistics (spec §3), shop revenue and game volumes (cached ≤ 60 s)",
    response: adminStatsSchema,
    errors: [400, 401, 403],
  }),
  route({
    method: "GET",
    path: "/api/admin/stats/series",
    access: "admin",
    tag: "admin",
    summary: "One figure per UTC day over the last `days` days, zero-filled (cached ≤ 60 s)",
    query: adminStatsSeriesQuerySchema,
    response: adminStatsSeriesSchema,
    errors: [400, 401, 403],
  }),
]);
