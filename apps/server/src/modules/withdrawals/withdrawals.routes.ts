import {
  adminWithdrawalApproveBodySchema,
  adminWithdrawalListSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalRejectBodySchema,
  adminWithdrawalSchema,
  createWithdrawalBodySchema,
  errorResponses,
  idempotencyKeySchema,
  uuidParamsSchema,
  withdrawalListSchema,
  withdrawalSchema,
  withdrawalSettingsBodySchema,
  withdrawalSettingsSchema,
} from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { parseBody } from "../../lib/validation.ts";
import { actorOf } from "../admin/admin-gate.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  cancelWithdrawal,
  createWithdrawal,
  getSettings,
  listMyWithdrawals,
  setSettings,
  type WithdrawalDeps,
} from "./withdrawals.service.ts";
import { adminApprove, adminListWithdrawals, adminReject } from "./withdrawals-admin.service.ts";

export async function withdrawalsRoutes(
  fastify: FastifyInstance,
  deps: WithdrawalDeps & { viewer: ViewerResolver },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["withdrawals"];
  const me = async (request: FastifyRequest) => (await deps.viewer.required(request)).userId;

  app.get(
    "/api/withdrawals",
    {
      config: { userRateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { tags, response: { 200: withdrawalListSchema, ...errorResponses(401, 429) } },
    },
    async (request) => listMyWithdrawals(deps, await me(request)),
  );
  app.post(
    "/api/withdrawals",
    {
      config: { userRateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary:
          "Asks for a withdrawal; needs an Idempotency-Key header (8–100 of A-Z a-z 0-9 _ -)",
        body: createWithdrawalBodySchema,
        response: {
          200: withdrawalSchema,
          201: withdrawalSchema,
          ...errorResponses(400, 401, 403, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const userId = await me(request);
      const key = parseBody(idempotencyKeySchema, request.headers["idempotency-key"] ?? "");
      const answer = await createWithdrawal(deps, userId, key, request.body);
      return reply.status(answer.statusCode as 201).send(answer.body);
    },
  );
  app.post(
    "/api/withdrawals/:id/cancel",
    {
      config: { userRateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        params: uuidParamsSchema,
        response: { 200: withdrawalSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => cancelWithdrawal(deps, await me(request), request.params.id),
  );
}

/** Admin routes: registered in the admin scope, behind its gate (elevated admins only). */
export async function withdrawalsAdminRoutes(fastify: FastifyInstance, deps: WithdrawalDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["admin"];
  const errors = errorResponses(400, 401, 403, 404, 409);
  app.get(
    "/api/admin/withdrawals",
    {
      schema: {
        tags,
        querystring: adminWithdrawalQuerySchema,
        response: { 200: adminWithdrawalListSchema, ...errors },
      },
    },
    async (request) => adminListWithdrawals(deps, request.query.status),
  );
  app.post(
    "/api/admin/withdrawals/:id/approve",
    {
      schema: {
        tags,
        summary:
          "Approves a pending withdrawal; `expect` says what the admin was shown (first of two, or final: it pays)",
        params: uuidParamsSchema,
        body: adminWithdrawalApproveBodySchema,
        response: { 200: adminWithdrawalSchema, ...errors },
      },
    },
    async (request) => adminApprove(deps, actorOf(request), request.params.id, request.body.expect),
  );
  app.post(
    "/api/admin/withdrawals/:id/reject",
    {
      schema: {
        tags,
        params: uuidParamsSchema,
        body: adminWithdrawalRejectBodySchema,
        response: { 200: adminWithdrawalSchema, ...errors },
      },
    },
    async (request) => adminReject(deps, actorOf(request), request.params.id, request.body.reason),
  );
  app.get(
    "/api/admin/withdrawals/settings",
    { schema: { tags, response: { 200: withdrawalSettingsSchema, ...errors } } },
    async () => getSettings(deps),
  );
  app.put(
    "/api/admin/withdrawals/settings",
    {
      schema: {
        tags,
        body: withdrawalSettingsBodySchema,
        response: { 200: withdrawalSettingsSchema, ...errors },
      },
    },
    async (request) => setSettings(deps, actorOf(request), request.body),
  );
}
