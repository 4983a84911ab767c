import {
  adminBonusCodeBodySchema,
  adminBonusCodeListSchema,
  adminBonusCodeSchema,
  adminBonusCodeUpdateSchema,
  bonusCodeParamsSchema,
  errorResponseSchema,
  errorResponses,
  redeemBodySchema,
  redeemResultSchema,
} from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors.ts";
import { actorOf } from "../admin/admin-gate.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  adminCreateCode,
  adminListCodes,
  adminUpdateCode,
  type BonusDeps,
  redeemCode,
} from "./bonus-codes.service.ts";

export async function bonusCodesRoutes(
  fastify: FastifyInstance,
  deps: BonusDeps & {
    viewer: ViewerResolver;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400, 401, 403, 404, 409);
  app.post(
    "/api/bonus-codes/redeem",
    {
      // Per verified user, on top of the per-IP limit: guessing codes stays slow.
      config: { userRateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags: ["bonus-codes"],
        summary: "Redeem a bonus code",
        body: redeemBodySchema,
        response: { 200: redeemResultSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const viewer = await deps.viewer.optional(request);
      if (!viewer) throw new AppError("BONUS_LOGIN_REQUIRED", 401);
      return redeemCode(deps, viewer.userId, request.body.code);
    },
  );
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function bonusCodesAdminRoutes(fastify: FastifyInstance, deps: BonusDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400, 401, 403, 404, 409);
  const tags = ["admin"];
  app.get(
    "/api/admin/bonus-codes",
    {
      schema: {
        tags,
        response: { 200: adminBonusCodeListSchema, ...errors },
      },
    },
    async () => adminListCodes(deps),
  );
  app.post(
    "/api/admin/bonus-codes",
    {
      schema: {
        tags,
        body: adminBonusCodeBodySchema,
        response: { 201: adminBonusCodeSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await adminCreateCode(deps, actorOf(request), request.body)),
  );
  app.patch(
    "/api/admin/bonus-codes/:code",
    {
      schema: {
        tags,
        params: bonusCodeParamsSchema,
        body: adminBonusCodeUpdateSchema,
        response: { 200: adminBonusCodeSchema, ...errors },
      },
    },
    async (request) => adminUpdateCode(deps, actorOf(request), request.params.code, request.body),
  );
}
