import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  adminGetDailySettings,
  adminSetDailySettings,
  claimDaily,
  type DailyDeps,
  getDaily,
  updateDailySettings,
} from "./daily.service.ts";

/** Signed-in routes (registered inside the signed-in scope). */
export async function dailyRoutes(app: FastifyInstance, deps: DailyDeps) {
  handle(app, "GET /api/daily", ({ viewer, query }) =>
    getDaily(deps, viewer.userId, query.timeZone),
  );
  handle(
    app,
    "POST /api/daily/claim",
    ({ viewer, body }) => claimDaily(deps, viewer.userId, body.timeZone),
    // One claim a day succeeds; the limit only bounds a client tapping in a loop (a burst of 50
    // double taps must still get its 409s, not 429s).
    { config: { userRateLimit: { max: 60, timeWindow: "1 minute" } } },
  );
  handle(
    app,
    "PUT /api/daily/settings",
    ({ viewer, body }) => updateDailySettings(deps, viewer.userId, body),
    { config: { userRateLimit: { max: 20, timeWindow: "1 minute" } } },
  );
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function dailyAdminRoutes(app: FastifyInstance, deps: DailyDeps) {
  handle(app, "GET /api/admin/daily/settings", () => adminGetDailySettings(deps));
  handle(app, "PUT /api/admin/daily/settings", ({ body }, request) =>
    adminSetDailySettings(deps, actorOf(request), body),
  );
}
