import { errorResponseSchema, meResponseSchema, updateMeBodySchema } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import { getMe, updateMe } from "./users.service.ts";

export async function usersRoutes(
  fastify: FastifyInstance,
  deps: { db: Db; clock: Clock; viewer: ViewerResolver },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/me",
    {
      schema: {
        tags: ["profile"],
        summary: "The signed-in user's profile",
        response: { 200: meResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { userId } = await deps.viewer.required(request);
      return getMe(deps, userId);
    },
  );
  app.patch(
    "/api/me",
    {
      schema: {
        tags: ["profile"],
        summary: "Change the language or the cookie choices",
        body: updateMeBodySchema,
        response: { 200: meResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { userId } = await deps.viewer.required(request);
      return updateMe(deps, userId, request.body);
    },
  );
}
