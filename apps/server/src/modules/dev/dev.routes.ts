import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { readOutbox } from "../mail/mail.transport.ts";

const outboxItem = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

/** Registered only with the outbox transport (no SMTP_URL): lets a developer read the mails. */
export async function devRoutes(fastify: FastifyInstance, deps: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/dev/outbox",
    {
      schema: {
        tags: ["dev"],
        summary: "Mails kept by the outbox transport, newest first",
        querystring: z.object({ to: z.string().trim().toLowerCase().min(3).max(254) }),
        response: { 200: z.array(outboxItem) },
      },
    },
    async (request) => readOutbox(deps.db, request.query.to),
  );
}
