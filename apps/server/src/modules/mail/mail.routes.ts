import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { handle } from "../../http/contract-route.ts";
import { readOutbox } from "./mail.transport.ts";

/** With the outbox transport: an elevated admin reads it (admin scope), whatever DEV_ROUTES says. */
export async function outboxAdminRoutes(app: FastifyInstance, deps: { db: Db }) {
  handle(app, "GET /api/admin/outbox", ({ query }) => readOutbox(deps.db, query.to));
}
