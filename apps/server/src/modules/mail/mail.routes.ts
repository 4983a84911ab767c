import { errorResponses, outboxMailListSchema, outboxQuerySchema } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { readOutbox } from "./mail.transport.ts";

/** With the outbox transport: an elevated admin reads it (admin scope), whatever DEV_ROUTES says. */
export async function outboxAdminRoutes(fastify: FastifyInstance, deps: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/admin/outbox",
    {
      schema: {
        tags: ["admin"],
        summary: "Mails kept by the outbox transport for one address, newest first",
        querystring: outboxQuerySchema,
        response: { 200: outboxMailListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => readOutbox(deps.db, request.query.to),
  );
}
