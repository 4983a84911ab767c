import type { FastifyInstance } from "fastify";
import { adminOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  type AdminDeps,
  accessStatus,
  assertAdmin,
  changeAccessCode,
  grantAccess,
  pendingRoleGrants,
  pendingSummary,
  revokeAccess,
  securityLog,
} from "./admin.service.ts";

/** A signed-out caller of the elevation hears it as the admin console says it. */
const config = { signedOutError: "ADMIN_NOT_SIGNED_IN" } as const;

/**
 * Elevation itself: the admin role is enough (registered inside the signed-in scope, outside the
 * admin scope's gate); the service checks the role.
 */
export async function adminAccessRoutes(app: FastifyInstance, deps: AdminDeps) {
  handle(
    app,
    "GET /api/admin/access",
    async ({ viewer }) => accessStatus(deps, await assertAdmin(deps.db, viewer)),
    { config },
  );
  handle(
    app,
    "POST /api/admin/access",
    async ({ viewer, body }, request) =>
      grantAccess(deps, await assertAdmin(deps.db, viewer), body.code, request.ip),
    {
      config: { ...config, userRateLimit: { max: 10, timeWindow: "1 minute" } },
      // The role first, before the body is read: a non-admin learns nothing of the schema.
      onRequest: async (request) => {
        await assertAdmin(deps.db, request.viewer);
      },
    },
  );
  handle(app, "DELETE /api/admin/access", ({ viewer }) => revokeAccess(deps, viewer), { config });
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function adminRoutes(app: FastifyInstance, deps: AdminDeps) {
  handle(app, "GET /api/admin/summary", () => pendingSummary(deps));
  handle(app, "GET /api/admin/role-grants", () => pendingRoleGrants(deps));
  handle(app, "GET /api/admin/security/logs", () => securityLog(deps));
  handle(app, "PUT /api/admin/security/code", ({ body }, request) =>
    changeAccessCode(deps, adminOf(request), body.code, request.ip),
  );
}
