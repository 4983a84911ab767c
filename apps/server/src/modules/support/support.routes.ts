import { errorResponseSchema } from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
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

const status = z.enum(["open", "answered", "closed"]);
const ticketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status,
  createdAt: z.string(),
  updatedAt: z.string(),
});
const threadSchema = ticketSchema.extend({
  messages: z.array(
    z.object({
      id: z.string(),
      author: z.enum(["user", "admin"]),
      body: z.string(),
      createdAt: z.string(),
    }),
  ),
});
const newTicketBody = z.object({
  subject: z.string().trim().min(3).max(120),
  message: z.string().trim().min(10).max(4000),
});
const replyBody = z.object({ message: z.string().trim().min(1).max(4000) });
const idParams = z.object({ id: z.uuid() });

export async function supportRoutes(
  fastify: FastifyInstance,
  deps: SupportDeps & {
    viewer: ViewerResolver;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["support"];
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
  };
  const me = async (request: FastifyRequest) => (await deps.viewer.required(request)).userId;

  app.post(
    "/api/support/tickets",
    {
      config: { userRateLimit: { max: 5, timeWindow: "1 hour" } },
      schema: { tags, body: newTicketBody, response: { 201: ticketSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createTicket(deps, await me(request), request.body)),
  );
  app.get(
    "/api/support/tickets",
    { schema: { tags, response: { 200: z.object({ items: z.array(ticketSchema) }), ...errors } } },
    async (request) => listMyTickets(deps.db, await me(request)),
  );
  app.get(
    "/api/support/tickets/:id",
    { schema: { tags, params: idParams, response: { 200: threadSchema, ...errors } } },
    async (request) => getMyTicket(deps.db, await me(request), request.params.id),
  );
  app.post(
    "/api/support/tickets/:id/replies",
    {
      config: { userRateLimit: { max: 30, timeWindow: "1 hour" } },
      schema: {
        tags,
        params: idParams,
        body: replyBody,
        response: { 200: threadSchema, ...errors },
      },
    },
    async (request) =>
      replyAsUser(deps, await me(request), request.params.id, request.body.message),
  );
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function supportAdminRoutes(fastify: FastifyInstance, deps: SupportDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  };
  const admin = ["admin"];
  app.get(
    "/api/admin/support/tickets",
    {
      schema: {
        tags: admin,
        querystring: z.object({ status: status.optional() }),
        response: {
          200: z.object({ items: z.array(ticketSchema.extend({ nickname: z.string() })) }),
          ...errors,
        },
      },
    },
    async (request) => adminListTickets(deps.db, request.query.status),
  );
  app.get(
    "/api/admin/support/tickets/:id",
    { schema: { tags: admin, params: idParams, response: { 200: threadSchema, ...errors } } },
    async (request) => adminGetTicket(deps.db, request.params.id),
  );
  app.post(
    "/api/admin/support/tickets/:id/replies",
    {
      schema: {
        tags: admin,
        params: idParams,
        body: replyBody.extend({ close: z.boolean().default(false) }),
        response: { 200: threadSchema, ...errors },
      },
    },
    async (request) =>
      adminReply(deps, request.params.id, request.body.message, request.body.close),
  );
}
