import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { handle } from "../../http/contract-route.ts";
import { auditPage } from "./audit.service.ts";

/** Admin routes: registered in the admin scope, behind its gate. */
export async function auditAdminRoutes(app: FastifyInstance, deps: { db: Db }) {
  handle(app, "GET /api/admin/audit", ({ query }) => auditPage(deps, query));
}
