import {
  errorResponses,
  referralReminderSchema,
  referralRemindParamsSchema,
  referralsSchema,
  setReferrerBodySchema,
} from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  getReferrals,
  type ReferralDeps,
  remindReferral,
  setReferrer,
} from "./referrals.service.ts";

export async function referralsRoutes(
  fastify: FastifyInstance,
  deps: ReferralDeps & { viewer: ViewerResolver },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400, 401, 404, 409);
  app.get(
    "/api/referrals",
    { schema: { tags: ["referrals"], response: { 200: referralsSchema, ...errors } } },
    async (request) => getReferrals(deps, (await deps.viewer.required(request)).userId),
  );
  app.post(
    "/api/referrals/referrer",
    {
      config: { userRateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags: ["referrals"],
        summary: "Set my referrer later (once)",
        body: setReferrerBodySchema,
        response: { 200: referralsSchema, ...errors },
      },
    },
    async (request) =>
      setReferrer(deps, (await deps.viewer.required(request)).userId, request.body.code),
  );
  app.post(
    "/api/referrals/:referralId/remind",
    {
      // The once-a-day rule is per referral; this caps how fast one account can walk its list.
      config: { userRateLimit: { max: 30, timeWindow: "1 hour" } },
      schema: {
        tags: ["referrals"],
        summary: "Nudge one of my referrals who is not mining (once a day each)",
        params: referralRemindParamsSchema,
        response: {
          200: referralReminderSchema,
          ...errorResponses(400, 401, 404, 409, 429),
        },
      },
    },
    async (request) =>
      remindReferral(deps, (await deps.viewer.required(request)).userId, request.params.referralId),
  );
}
