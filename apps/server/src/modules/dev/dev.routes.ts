import { outboxMailListSchema, outboxQuerySchema } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { readOutbox } from "../mail/mail.transport.ts";

/**
 * Registered only when DEV_ROUTES is on (a loopback PUBLIC_URL by default) with the outbox
 * transport: lets a developer on this machine read the mails without signing in.
 */
export async function devRoutes(fastify: FastifyInstance, deps: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/dev/outbox",
    {
      schema: {
        tags: ["dev"],
        summary: "Mails kept by the outbox transport, newest first (DEV_ROUTES only)",
        querystring: outboxQuerySchema,
        response: { 200: outboxMailListSchema },
      },
    },
    async (request) => readOutbox(deps.db, request.query.to),
  );
}
