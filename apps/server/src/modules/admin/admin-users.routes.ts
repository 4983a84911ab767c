import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import { languageFromHeader } from "../../i18n/index.ts";
import { cancelAdminRole, changeRole, confirmAdminRole } from "./admin-roles.service.ts";
import { quickSearchUsers } from "./admin-user-search.service.ts";
import {
  type AdminUsersDeps,
  adjustBalance,
  listUsers,
  resendVerification,
  suspendUser,
  unsuspendUser,
  userDetail,
  userLedger,
} from "./admin-users.service.ts";

/** Admin routes: registered in the admin scope, behind its gate. */
export async function adminUsersRoutes(app: FastifyInstance, deps: AdminUsersDeps) {
  handle(app, "GET /api/admin/users", ({ query }) => listUsers(deps, query));
  // Typed into every console header, a request per pause in typing: bounded per admin.
  handle(app, "GET /api/admin/user-search", ({ query }) => quickSearchUsers(deps.db, query.q), {
    config: { userRateLimit: { max: 120, timeWindow: "1 minute" } },
  });
  handle(app, "GET /api/admin/users/:id", ({ params }, request) =>
    userDetail(deps, params.id, languageFromHeader(request.headers["accept-language"])),
  );
  handle(app, "GET /api/admin/users/:id/ledger", ({ params, query }) =>
    userLedger(deps, params.id, query),
  );
  handle(app, "POST /api/admin/users/:id/role", ({ params, body }, request) =>
    changeRole(deps, actorOf(request), params.id, body),
  );
  handle(app, "POST /api/admin/role-grants/:id/confirm", ({ params }, request) =>
    confirmAdminRole(deps, actorOf(request), params.id),
  );
  handle(app, "POST /api/admin/role-grants/:id/cancel", ({ params }, request) =>
    cancelAdminRole(deps, actorOf(request), params.id),
  );
  handle(app, "POST /api/admin/users/:id/suspend", ({ params, body }, request) =>
    suspendUser(deps, actorOf(request), params.id, body.reason),
  );
  handle(app, "POST /api/admin/users/:id/unsuspend", ({ params }, request) =>
    unsuspendUser(deps, actorOf(request), params.id),
  );
  // 201 for a new adjustment, 200 for a retry with the same Idempotency-Key.
  handle(
    app,
    "POST /api/admin/users/:id/adjustments",
    async ({ params, headers, body }, request, reply) => {
      const answer = await adjustBalance(
        deps,
        actorOf(request),
        params.id,
        headers["idempotency-key"],
        body,
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  handle(app, "POST /api/admin/users/:id/verification-mail", ({ params }, request) =>
    resendVerification(deps, actorOf(request), params.id),
  );
}
