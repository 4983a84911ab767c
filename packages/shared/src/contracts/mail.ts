import { outboxMailListSchema, outboxQuerySchema } from "../schemas/mail.ts";
import { defineContracts, route } from "./contract.ts";

/** The mail module's routes (apps/server/src/modules/mail): only with the outbox transport. */
export const mailContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/admin/outbox",
    access: "admin",
    tag: "admin",
    summary: "Mails kept by the outbox transport for one address, newest first",
    query: outboxQuerySchema,
    response: outboxMailListSchema,
    errors: [400, 401, 403],
  }),
]);
