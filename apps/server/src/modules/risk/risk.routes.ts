import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  actOnRisk,
  getRiskSettings,
  type RiskDeps,
  runScoringNow,
  setRiskSettings,
  userRiskView,
} from "./risk.service.ts";

/** Admin routes: registered in the admin scope, behind its gate. */
export async function riskAdminRoutes(app: FastifyInstance, deps: RiskDeps) {
  handle(app, "GET /api/admin/users/:id/risk", ({ params }) => userRiskView(deps, params.id));
  handle(app, "POST /api/admin/users/:id/risk/actions", ({ params, body }, request) =>
    actOnRisk(deps, actorOf(request), params.id, body.action),
  );
  handle(app, "POST /api/admin/risk/run", (_input, request) =>
    runScoringNow(deps, actorOf(request)),
  );
  handle(app, "GET /api/admin/risk/settings", () => getRiskSettings(deps));
  handle(app, "PUT /api/admin/risk/settings", ({ body }, request) =>
    setRiskSettings(deps, actorOf(request), body),
  );
}
