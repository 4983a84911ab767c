import { outboxMailListSchema, outboxQuerySchema } from "../schemas/mail.ts";
import { defineContracts, route } from "./contract.ts";

/**
 * The dev module's routes (apps/server/src/modules/dev): DEV_ROUTES only, for a caller on the
 * server's machine (403 otherwise); no sign-in.
 */
export const devContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/dev/outbox",
    access: "public",
    tag: "dev",
    summary: "Mails kept by the outbox transport, newest first (DEV_ROUTES only)",
    query: outboxQuerySchema,
    response: outboxMailListSchema,
    errors: [400, 403],
  }),
]);
