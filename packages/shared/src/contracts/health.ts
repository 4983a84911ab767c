import { healthSchema, liveHealthSchema } from "../schemas/health.ts";
import { defineContracts, route } from "./contract.ts";

/** The health module's routes (apps/server/src/modules/health). */
export const healthContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/health",
    access: "public",
    tag: "platform",
    // An unhealthy database answers 503 with this same body (not an `{error, message}`).
    summary: "Database, API and blockchain health (overall follows the database; 503 when down)",
    response: healthSchema,
    errors: [],
  }),
  route({
    method: "GET",
    path: "/api/health/live",
    access: "public",
    tag: "platform",
    response: liveHealthSchema,
    errors: [],
  }),
]);
