import { auditPageSchema, auditQuerySchema } from "../schemas/audit.ts";
import { defineContracts, route } from "./contract.ts";

/** The audit module's routes (apps/server/src/modules/audit). */
export const auditContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/admin/audit",
    access: "admin",
    tag: "admin",
    summary: "The audit log of admin acts, newest first (50 a page)",
    query: auditQuerySchema,
    response: auditPageSchema,
    errors: [400, 401, 403],
  }),
]);
