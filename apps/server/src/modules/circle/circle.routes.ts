import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  addMember,
  type CircleDeps,
  getCircle,
  getCircleSettings,
  removeMember,
  setCircleSettings,
} from "./circle.service.ts";

/** Per verified user, on top of the per-IP limit: naming people by guess stays slow. */
const CHANGE_LIMIT = { userRateLimit: { max: 20, timeWindow: "1 minute" } };

/** Signed-in routes (registered inside the signed-in scope). */
export async function circleRoutes(app: FastifyInstance, deps: CircleDeps) {
  handle(app, "GET /api/circle", ({ viewer }) => getCircle(deps, viewer.userId));
  handle(
    app,
    "POST /api/circle",
    ({ viewer, body }) => addMember(deps, viewer.userId, body.userRef),
    {
      config: CHANGE_LIMIT,
    },
  );
  handle(
    app,
    "DELETE /api/circle/:userId",
    ({ viewer, params }) => removeMember(deps, viewer.userId, params.userId),
    { config: CHANGE_LIMIT },
  );
}

/** Admin routes: registered in the admin scope, behind its gate. */
export async function circleAdminRoutes(app: FastifyInstance, deps: CircleDeps) {
  handle(app, "GET /api/admin/circle/settings", () => getCircleSettings(deps));
  handle(app, "PUT /api/admin/circle/settings", ({ body }, request) =>
    setCircleSettings(deps, actorOf(request), body),
  );
}
