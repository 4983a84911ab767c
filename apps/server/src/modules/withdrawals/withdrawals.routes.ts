import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  cancelWithdrawal,
  createWithdrawal,
  getSettings,
  listMyWithdrawals,
  setSettings,
  type WithdrawalDeps,
} from "./withdrawals.service.ts";
import {
  adminApprove,
  adminListWithdrawals,
  adminOpenWithdrawal,
  adminReject,
} from "./withdrawals-admin.service.ts";

/** Signed-in routes (registered inside the signed-in scope). */
export async function withdrawalsRoutes(app: FastifyInstance, deps: WithdrawalDeps) {
  handle(app, "GET /api/withdrawals", ({ viewer }) => listMyWithdrawals(deps, viewer.userId), {
    config: { userRateLimit: { max: 120, timeWindow: "1 minute" } },
  });
  handle(
    app,
    "POST /api/withdrawals",
    async ({ viewer, headers, body }, _request, reply) => {
      const answer = await createWithdrawal(deps, viewer.userId, headers["idempotency-key"], body);
      reply.status(answer.statusCode);
      return answer.body;
    },
    { config: { userRateLimit: { max: 20, timeWindow: "1 minute" } } },
  );
  handle(
    app,
    "POST /api/withdrawals/:id/cancel",
    ({ viewer, params }) => cancelWithdrawal(deps, viewer.userId, params.id),
    { config: { userRateLimit: { max: 20, timeWindow: "1 minute" } } },
  );
}

/** Admin routes: registered in the admin scope, behind its gate (elevated admins only). */
export async function withdrawalsAdminRoutes(app: FastifyInstance, deps: WithdrawalDeps) {
  handle(app, "GET /api/admin/withdrawals", ({ query }, request) =>
    adminListWithdrawals(deps, actorOf(request).userId, query),
  );
  // Sent each time an admin opens a request: bounded per admin, idempotent (one row per request).
  handle(
    app,
    "POST /api/admin/withdrawals/:id/open",
    ({ params }, request) => adminOpenWithdrawal(deps, actorOf(request).userId, params.id),
    { config: { userRateLimit: { max: 120, timeWindow: "1 minute" } } },
  );
  handle(app, "POST /api/admin/withdrawals/:id/approve", ({ params, body }, request) =>
    adminApprove(deps, actorOf(request), params.id, body.expect),
  );
  handle(app, "POST /api/admin/withdrawals/:id/reject", ({ params, body }, request) =>
    adminReject(deps, actorOf(request), params.id, body.reason),
  );
  handle(app, "GET /api/admin/withdrawals/settings", () => getSettings(deps));
  handle(app, "PUT /api/admin/withdrawals/settings", ({ body }, request) =>
    setSettings(deps, actorOf(request), body),
  );
}
