import { auditPageSchema, auditQuerySchema, errorResponses } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { auditPage } from "./audit.service.ts";

/** Admin routes: registered in the admin scope, behind its gate. */
export async function auditAdminRoutes(fastify: FastifyInstance, deps: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/admin/audit",
    {
      schema: {
        tags: ["admin"],
        summary: "The audit log of admin acts, newest first (50 a page)",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => auditPage(deps, request.query),
  );
}
