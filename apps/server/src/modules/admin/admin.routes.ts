import {
  adminAccessBodySchema,
  adminAccessStatusSchema,
  adminNewAccessCodeBodySchema,
  adminSummarySchema,
  errorResponseSchema,
  errorResponses,
  securityLogSchema,
} from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  type AdminDeps,
  accessStatus,
  assertAdmin,
  changeAccessCode,
  grantAccess,
  pendingSummary,
  revokeAccess,
  securityLog,
} from "./admin.service.ts";
import { adminOf } from "./admin-gate.ts";

const errors = errorResponses(401, 403);

/** Elevation itself: the admin role is enough (outside the admin scope's gate). */
export async function adminAccessRoutes(
  fastify: FastifyInstance,
  deps: AdminDeps & { viewer: ViewerResolver },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = async (request: Parameters<ViewerResolver["optional"]>[0]) =>
    assertAdmin(deps.db, await deps.viewer.optional(request));
  const tags = ["admin"];

  app.get(
    "/api/admin/access",
    { schema: { tags, response: { 200: adminAccessStatusSchema, ...errors } } },
    async (request) => accessStatus(deps, await admin(request)),
  );
  app.post(
    "/api/admin/access",
    {
      config: { userRateLimit: { max: 10, timeWindow: "1 minute" } },
      // The role first, before the body is read: a non-admin learns nothing of the schema.
      onRequest: async (request) => {
        await admin(request);
      },
      schema: {
        tags,
        summary: "Verify the personal access code and elevate this session",
        body: adminAccessBodySchema,
        response: { 200: adminAccessStatusSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => grantAccess(deps, await admin(request), request.body.code, request.ip),
  );
  app.delete(
    "/api/admin/access",
    {
      schema: {
        tags,
        summary: "End the elevation (leaving /admin)",
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await deps.viewer.optional(request);
      if (!viewer) throw new AppError("ADMIN_NOT_SIGNED_IN", 401);
      await revokeAccess(deps, viewer);
      return reply.status(204).send(null);
    },
  );
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function adminRoutes(fastify: FastifyInstance, deps: AdminDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["admin"];
  app.get(
    "/api/admin/summary",
    { schema: { tags, response: { 200: adminSummarySchema, ...errors } } },
    async () => pendingSummary(deps),
  );
  app.get(
    "/api/admin/security/logs",
    { schema: { tags, response: { 200: securityLogSchema, ...errors } } },
    async () => securityLog(deps),
  );
  app.put(
    "/api/admin/security/code",
    {
      schema: {
        tags,
        body: adminNewAccessCodeBodySchema,
        response: { 204: z.null(), 400: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await changeAccessCode(deps, adminOf(request), request.body.code, request.ip);
      return reply.status(204).send(null);
    },
  );
}
