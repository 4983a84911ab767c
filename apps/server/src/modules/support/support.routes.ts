import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  adminGetTicket,
  adminListTickets,
  adminReply,
  createTicket,
  getMyTicket,
  listMyTickets,
  replyAsUser,
  type SupportDeps,
} from "./support.service.ts";

/** Signed-in routes (registered inside the signed-in scope): the caller's own tickets. */
export async function supportRoutes(app: FastifyInstance, deps: SupportDeps) {
  handle(
    app,
    "POST /api/support/tickets",
    ({ viewer, body }) => createTicket(deps, viewer.userId, body),
    {
      config: { userRateLimit: { max: 5, timeWindow: "1 hour" } },
    },
  );
  handle(app, "GET /api/support/tickets", ({ viewer }) => listMyTickets(deps, viewer.userId));
  handle(app, "GET /api/support/tickets/:id", ({ viewer, params }) =>
    getMyTicket(deps, viewer.userId, params.id),
  );
  handle(
    app,
    "POST /api/support/tickets/:id/replies",
    ({ viewer, params, body }) => replyAsUser(deps, viewer.userId, params.id, body.message),
    { config: { userRateLimit: { max: 30, timeWindow: "1 hour" } } },
  );
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function supportAdminRoutes(app: FastifyInstance, deps: SupportDeps) {
  handle(app, "GET /api/admin/support/tickets", ({ query }) =>
    adminListTickets(deps, query.status),
  );
  handle(app, "GET /api/admin/support/tickets/:id", ({ params }) =>
    adminGetTicket(deps, params.id),
  );
  handle(app, "POST /api/admin/support/tickets/:id/replies", ({ params, body }, request) =>
    adminReply(deps, actorOf(request), params.id, body.message, body.close),
  );
}
