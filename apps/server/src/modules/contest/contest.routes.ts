import {
  contestLevelParamsSchema,
  contestLinksBodySchema,
  contestSchema,
  errorResponseSchema,
  errorResponses,
} from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../admin/admin-gate.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  type ContestDeps,
  confirmLevel,
  getContest,
  openTask,
  setContestLinks,
} from "./contest.service.ts";

export async function contestRoutes(
  fastify: FastifyInstance,
  deps: ContestDeps & {
    viewer: ViewerResolver;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["contest"];
  const errors = errorResponses(400, 401, 404, 409);
  const me = async (request: FastifyRequest) => (await deps.viewer.required(request)).userId;

  app.get(
    "/api/contest",
    { schema: { tags, response: { 200: contestSchema, ...errors } } },
    async (request) => getContest(deps, await me(request)),
  );
  app.post(
    "/api/contest/levels/:level/open",
    {
      schema: {
        tags,
        summary: "The user opened the task's link",
        params: contestLevelParamsSchema,
        response: { 200: contestSchema, ...errors },
      },
    },
    async (request) => openTask(deps, await me(request), request.params.level),
  );
  app.post(
    "/api/contest/levels/:level/validate",
    {
      schema: {
        tags,
        summary: "Validate the next level",
        params: contestLevelParamsSchema,
        response: { 200: contestSchema, ...errors },
      },
    },
    async (request) => confirmLevel(deps, await me(request), request.params.level),
  );
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function contestAdminRoutes(fastify: FastifyInstance, deps: ContestDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    "/api/admin/contest/links",
    {
      schema: {
        tags: ["admin"],
        body: contestLinksBodySchema,
        response: { 204: z.null(), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await setContestLinks(deps, actorOf(request), request.body.links);
      return reply.status(204).send(null);
    },
  );
}
