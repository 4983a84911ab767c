import {
  eraseAccountBodySchema,
  errorResponseSchema,
  errorResponses,
  meResponseSchema,
  updateMeBodySchema,
  userExportSchema,
} from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { SESSION_COOKIE_NAMES, type ViewerResolver } from "../auth/viewer.ts";
import { getMe, updateMe } from "./users.service.ts";
import { type ErasureDeps, eraseAccount } from "./users-erasure.ts";
import { buildUserExport, type UserExportDeps } from "./users-export.ts";

export async function usersRoutes(
  fastify: FastifyInstance,
  deps: { db: Db; clock: Clock; viewer: ViewerResolver } & UserExportDeps &
    Omit<ErasureDeps, "log">,
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
  app.get(
    "/api/me/export",
    {
      // A whole account read at once: a few a day is what a person needs.
      config: { userRateLimit: { max: 5, timeWindow: "1 hour" } },
      schema: {
        tags: ["profile"],
        summary: "Everything FRE holds about the caller, as one JSON file (GDPR art. 15/20)",
        response: { 200: userExportSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = await deps.viewer.required(request);
      const data = await buildUserExport(deps, userId);
      const day = data.generatedAt.slice(0, 10);
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="fre-export-${day}.json"`)
        .send(data);
    },
  );
  app.delete(
    "/api/me",
    {
      // Each call checks a password: as tight as a guess deserves.
      config: { userRateLimit: { max: 5, timeWindow: "1 hour" } },
      schema: {
        tags: ["profile"],
        summary: "Erase the account (GDPR art. 17): personal data gone, the books kept anonymised",
        body: eraseAccountBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = await deps.viewer.required(request);
      await eraseAccount({ ...deps, log: request.log }, userId, request.body.password);
      // The session is gone already; the browser may as well forget its cookie.
      const cleared = SESSION_COOKIE_NAMES.map(
        (name) =>
          `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`,
      );
      return reply.header("set-cookie", cleared).status(204).send(null);
    },
  );
}
