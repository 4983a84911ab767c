import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";
import {
  getReferrals,
  type ReferralDeps,
  remindReferral,
  setReferrer,
} from "./referrals.service.ts";

/** Signed-in routes (registered inside the signed-in scope). */
export async function referralsRoutes(app: FastifyInstance, deps: ReferralDeps) {
  handle(app, "GET /api/referrals", ({ viewer }) => getReferrals(deps, viewer.userId));
  handle(
    app,
    "POST /api/referrals/referrer",
    ({ viewer, body }) => setReferrer(deps, viewer.userId, body.code),
    { config: { userRateLimit: { max: 20, timeWindow: "1 minute" } } },
  );
  handle(
    app,
    "POST /api/referrals/:referralId/remind",
    ({ viewer, params }) => remindReferral(deps, viewer.userId, params.referralId),
    // The once-a-day rule is per referral; this caps how fast one account can walk its list.
    { config: { userRateLimit: { max: 30, timeWindow: "1 hour" } } },
  );
}
