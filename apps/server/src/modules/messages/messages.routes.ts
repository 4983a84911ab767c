import {
  adminGlobalMessageAnswerSchema,
  adminGlobalMessageBodySchema,
  adminGlobalMessageSavedSchema,
  adminInformationMessageSchema,
  errorResponses,
  globalMessageAnswerSchema,
  globalMessageReadBodySchema,
  informationBodySchema,
  informationListSchema,
  informationUnreadSchema,
  uuidParamsSchema,
} from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../admin/admin-gate.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  adminCreateInformation,
  adminDeleteInformation,
  adminGlobalMessage,
  adminSaveGlobalMessage,
  adminUpdateInformation,
  closeGlobalMessage,
  globalMessageFor,
  informationFor,
  type MessagesDeps,
  readAllInformation,
  unreadInformation,
} from "./messages.service.ts";

export async function messagesRoutes(
  fastify: FastifyInstance,
  deps: MessagesDeps & {
    viewer: ViewerResolver;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["messages"];
  const errors = errorResponses(401, 403, 404);
  const me = async (request: FastifyRequest) => (await deps.viewer.required(request)).userId;

  app.get(
    "/api/messages/global",
    { schema: { tags, response: { 200: globalMessageAnswerSchema, ...errors } } },
    async (request) => globalMessageFor(deps, await me(request)),
  );
  app.post(
    "/api/messages/global/read",
    {
      schema: { tags, body: globalMessageReadBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await closeGlobalMessage(deps, await me(request), request.body.revision);
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/api/messages/information",
    { schema: { tags, response: { 200: informationListSchema, ...errors } } },
    async (request) => informationFor(deps, await me(request)),
  );
  app.get(
    "/api/messages/information/unread",
    { schema: { tags, response: { 200: informationUnreadSchema, ...errors } } },
    async (request) => unreadInformation(deps, await me(request)),
  );
  app.post(
    "/api/messages/information/read",
    { schema: { tags, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await readAllInformation(deps, await me(request));
      return reply.status(204).send(null);
    },
  );
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function messagesAdminRoutes(fastify: FastifyInstance, deps: MessagesDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400, 401, 403, 404, 409);
  const admin = ["admin"];
  app.get(
    "/api/admin/messages/global",
    {
      schema: {
        tags: admin,
        response: { 200: adminGlobalMessageAnswerSchema, ...errors },
      },
    },
    async () => adminGlobalMessage(deps),
  );
  app.put(
    "/api/admin/messages/global",
    {
      schema: {
        tags: admin,
        body: adminGlobalMessageBodySchema,
        response: { 200: adminGlobalMessageSavedSchema, ...errors },
      },
    },
    async (request) => adminSaveGlobalMessage(deps, actorOf(request), request.body),
  );
  app.post(
    "/api/admin/messages/information",
    {
      schema: {
        tags: admin,
        body: informationBodySchema,
        response: { 201: adminInformationMessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await adminCreateInformation(deps, actorOf(request), request.body)),
  );
  app.put(
    "/api/admin/messages/information/:id",
    {
      schema: {
        tags: admin,
        params: uuidParamsSchema,
        body: informationBodySchema,
        response: { 200: adminInformationMessageSchema, ...errors },
      },
    },
    async (request) =>
      adminUpdateInformation(deps, actorOf(request), request.params.id, request.body),
  );
  app.delete(
    "/api/admin/messages/information/:id",
    { schema: { tags: admin, params: uuidParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await adminDeleteInformation(deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
