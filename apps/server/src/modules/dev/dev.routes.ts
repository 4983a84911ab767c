import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { handle } from "../../http/contract-route.ts";
import { readOutbox } from "../mail/mail.transport.ts";

/**
 * Registered only when DEV_ROUTES is on (a loopback PUBLIC_URL by default) with the outbox
 * transport: lets a developer on this machine read the mails without signing in.
 */
export async function devRoutes(app: FastifyInstance, deps: { db: Db }) {
  handle(app, "GET /api/dev/outbox", ({ query }) => readOutbox(deps.db, query.to));
}
