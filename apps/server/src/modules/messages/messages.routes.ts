import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  adminCreateInformation,
  adminDeleteInformation,
  adminGlobalMessage,
  adminSaveGlobalMessage,
  adminUpdateInformation,
  closeGlobalMessage,
  globalMessageFor,
  informationFor,
  type MessagesDeps,
  readAllInformation,
  unreadInformation,
} from "./messages.service.ts";

/** Signed-in routes (registered inside the signed-in scope). */
export async function messagesRoutes(app: FastifyInstance, deps: MessagesDeps) {
  handle(app, "GET /api/messages/global", ({ viewer }) => globalMessageFor(deps, viewer.userId));
  handle(app, "POST /api/messages/global/read", async ({ viewer, body }) => {
    await closeGlobalMessage(deps, viewer.userId, body.revision);
  });
  handle(app, "GET /api/messages/information", ({ viewer }) => informationFor(deps, viewer.userId));
  handle(app, "GET /api/messages/information/unread", ({ viewer }) =>
    unreadInformation(deps, viewer.userId),
  );
  handle(app, "POST /api/messages/information/read", async ({ viewer }) => {
    await readAllInformation(deps, viewer.userId);
  });
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function messagesAdminRoutes(app: FastifyInstance, deps: MessagesDeps) {
  handle(app, "GET /api/admin/messages/global", () => adminGlobalMessage(deps));
  handle(app, "PUT /api/admin/messages/global", ({ body }, request) =>
    adminSaveGlobalMessage(deps, actorOf(request), body),
  );
  handle(app, "POST /api/admin/messages/information", ({ body }, request) =>
    adminCreateInformation(deps, actorOf(request), body),
  );
  handle(app, "PUT /api/admin/messages/information/:id", ({ params, body }, request) =>
    adminUpdateInformation(deps, actorOf(request), params.id, body),
  );
  handle(app, "DELETE /api/admin/messages/information/:id", async ({ params }, request) => {
    await adminDeleteInformation(deps, actorOf(request), params.id);
  });
}
