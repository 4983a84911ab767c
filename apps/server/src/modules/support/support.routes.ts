import {
  adminSupportTicketListSchema,
  adminSupportTicketQuerySchema,
  adminTicketReplyBodySchema,
  errorResponses,
  newTicketBodySchema,
  supportThreadSchema,
  supportTicketListSchema,
  supportTicketSchema,
  ticketReplyBodySchema,
  uuidParamsSchema,
} from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actorOf } from "../admin/admin-gate.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  adminGetTicket,
  adminListTickets,
  adminReply,
  createTicket,
  getMyTicket,
  listMyTickets,
  replyAsUser,
  type SupportDeps,
} from "./support.service.ts";

export async function supportRoutes(
  fastify: FastifyInstance,
  deps: SupportDeps & {
    viewer: ViewerResolver;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["support"];
  const errors = errorResponses(400, 401, 403, 404);
  const me = async (request: FastifyRequest) => (await deps.viewer.required(request)).userId;

  app.post(
    "/api/support/tickets",
    {
      config: { userRateLimit: { max: 5, timeWindow: "1 hour" } },
      schema: {
        tags,
        body: newTicketBodySchema,
        response: { 201: supportTicketSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTicket(deps, await me(request), request.body)),
  );
  app.get(
    "/api/support/tickets",
    { schema: { tags, response: { 200: supportTicketListSchema, ...errors } } },
    async (request) => listMyTickets(deps, await me(request)),
  );
  app.get(
    "/api/support/tickets/:id",
    {
      schema: { tags, params: uuidParamsSchema, response: { 200: supportThreadSchema, ...errors } },
    },
    async (request) => getMyTicket(deps, await me(request), request.params.id),
  );
  app.post(
    "/api/support/tickets/:id/replies",
    {
      config: { userRateLimit: { max: 30, timeWindow: "1 hour" } },
      schema: {
        tags,
        params: uuidParamsSchema,
        body: ticketReplyBodySchema,
        response: { 200: supportThreadSchema, ...errors },
      },
    },
    async (request) =>
      replyAsUser(deps, await me(request), request.params.id, request.body.message),
  );
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function supportAdminRoutes(fastify: FastifyInstance, deps: SupportDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400, 401, 403, 404, 409);
  const admin = ["admin"];
  app.get(
    "/api/admin/support/tickets",
    {
      schema: {
        tags: admin,
        querystring: adminSupportTicketQuerySchema,
        response: { 200: adminSupportTicketListSchema, ...errors },
      },
    },
    async (request) => adminListTickets(deps, request.query.status),
  );
  app.get(
    "/api/admin/support/tickets/:id",
    {
      schema: {
        tags: admin,
        params: uuidParamsSchema,
        response: { 200: supportThreadSchema, ...errors },
      },
    },
    async (request) => adminGetTicket(deps, request.params.id),
  );
  app.post(
    "/api/admin/support/tickets/:id/replies",
    {
      schema: {
        tags: admin,
        params: uuidParamsSchema,
        body: adminTicketReplyBodySchema,
        response: { 200: supportThreadSchema, ...errors },
      },
    },
    async (request) =>
      adminReply(
        deps,
        actorOf(request),
        request.params.id,
        request.body.message,
        request.body.close,
      ),
  );
}
