import {
  adminUserAdjustmentBodySchema,
  adminUserAdjustmentSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUserParamsSchema,
  adminUserRoleBodySchema,
  adminUserSuspendBodySchema,
  adminUsersQuerySchema,
  errorResponses,
  idempotencyKeySchema,
} from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { parseBody } from "../../lib/validation.ts";
import { actorOf } from "./admin-gate.ts";
import {
  type AdminUsersDeps,
  adjustBalance,
  changeRole,
  listUsers,
  resendVerification,
  suspendUser,
  unsuspendUser,
  userDetail,
} from "./admin-users.service.ts";

/** Admin routes: registered in the admin scope, behind its gate. */
export async function adminUsersRoutes(fastify: FastifyInstance, deps: AdminUsersDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["admin"];
  const errors = errorResponses(400, 401, 403, 404);
  const params = adminUserParamsSchema;

  app.get(
    "/api/admin/users",
    {
      schema: {
        tags,
        summary: "Users whose nickname, e-mail or referral code starts with q (25 a page)",
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserListSchema, ...errors },
      },
    },
    async (request) => listUsers(deps, request.query),
  );
  app.get(
    "/api/admin/users/:id",
    { schema: { tags, params, response: { 200: adminUserDetailSchema, ...errors } } },
    async (request) => userDetail(deps, request.params.id),
  );
  app.post(
    "/api/admin/users/:id/role",
    {
      schema: {
        tags,
        params,
        body: adminUserRoleBodySchema,
        response: { 200: adminUserDetailSchema, ...errors },
      },
    },
    async (request) => changeRole(deps, actorOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/users/:id/suspend",
    {
      schema: {
        tags,
        summary: "Suspends the account and ends its sessions at once",
        params,
        body: adminUserSuspendBodySchema,
        response: { 200: adminUserDetailSchema, ...errors },
      },
    },
    async (request) => suspendUser(deps, actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    "/api/admin/users/:id/unsuspend",
    { schema: { tags, params, response: { 200: adminUserDetailSchema, ...errors } } },
    async (request) => unsuspendUser(deps, actorOf(request), request.params.id),
  );
  app.post(
    "/api/admin/users/:id/adjustments",
    {
      schema: {
        tags,
        summary:
          "Credits or debits FRE (signed amount); needs an Idempotency-Key header (8–100 of A-Z a-z 0-9 _ -)",
        params,
        body: adminUserAdjustmentBodySchema,
        response: {
          200: adminUserAdjustmentSchema,
          201: adminUserAdjustmentSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const key = parseBody(idempotencyKeySchema, request.headers["idempotency-key"] ?? "");
      const answer = await adjustBalance(
        deps,
        actorOf(request),
        request.params.id,
        key,
        request.body,
      );
      return reply.status(answer.statusCode as 201).send(answer.body);
    },
  );
  app.post(
    "/api/admin/users/:id/verification-mail",
    {
      schema: {
        tags,
        summary: "Sends the e-mail verification link again",
        params,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await resendVerification(deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
