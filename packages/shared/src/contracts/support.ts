import { uuidParamsSchema } from "../schemas/common.ts";
import {
  adminSupportTicketListSchema,
  adminSupportTicketQuerySchema,
  adminTicketReplyBodySchema,
  newTicketBodySchema,
  supportThreadSchema,
  supportTicketListSchema,
  supportTicketSchema,
  ticketReplyBodySchema,
} from "../schemas/support.ts";
import { defineContracts, route } from "./contract.ts";

const tag = "support";
const errors = [400, 401, 403, 404] as const;
const adminErrors = [400, 401, 403, 404, 409] as const;

/** The support module's routes (apps/server/src/modules/support). */
export const supportContracts = defineContracts([
  route({
    method: "POST",
    path: "/api/support/tickets",
    access: "user",
    tag,
    body: newTicketBodySchema,
    status: 201,
    response: supportTicketSchema,
    errors,
  }),
  route({
    method: "GET",
    path: "/api/support/tickets",
    access: "user",
    tag,
    response: supportTicketListSchema,
    errors,
  }),
  route({
    method: "GET",
    path: "/api/support/tickets/:id",
    access: "user",
    tag,
    params: uuidParamsSchema,
    response: supportThreadSchema,
    errors,
  }),
  route({
    method: "POST",
    path: "/api/support/tickets/:id/replies",
    access: "user",
    tag,
    params: uuidParamsSchema,
    body: ticketReplyBodySchema,
    response: supportThreadSchema,
    errors,
  }),
  route({
    method: "GET",
    path: "/api/admin/support/tickets",
    access: "admin",
    tag: "admin",
    query: adminSupportTicketQuerySchema,
    response: adminSupportTicketListSchema,
    errors: adminErrors,
  }),
  route({
    method: "GET",
    path: "/api/admin/support/tickets/:id",
    access: "admin",
    tag: "admin",
    params: uuidParamsSchema,
    response: supportThreadSchema,
    errors: adminErrors,
  }),
  route({
    method: "POST",
    path: "/api/admin/support/tickets/:id/replies",
    access: "admin",
    tag: "admin",
    params: uuidParamsSchema,
    body: adminTicketReplyBodySchema,
    response: supportThreadSchema,
    errors: adminErrors,
  }),
]);
