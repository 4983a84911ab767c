import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  adminCreateCode,
  adminListCodes,
  adminUpdateCode,
  type BonusDeps,
  redeemCode,
} from "./bonus-codes.service.ts";

/** Signed-in routes (registered inside the signed-in scope). */
export async function bonusCodesRoutes(app: FastifyInstance, deps: BonusDeps) {
  handle(
    app,
    "POST /api/bonus-codes/redeem",
    ({ viewer, body }) => redeemCode(deps, viewer.userId, body.code),
    {
      config: {
        signedOutError: "BONUS_LOGIN_REQUIRED",
        // Per verified user, on top of the per-IP limit: guessing codes stays slow.
        userRateLimit: { max: 10, timeWindow: "1 minute" },
      },
    },
  );
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function bonusCodesAdminRoutes(app: FastifyInstance, deps: BonusDeps) {
  handle(app, "GET /api/admin/bonus-codes", () => adminListCodes(deps));
  handle(app, "POST /api/admin/bonus-codes", ({ body }, request) =>
    adminCreateCode(deps, actorOf(request), body),
  );
  handle(app, "PATCH /api/admin/bonus-codes/:code", ({ params, body }, request) =>
    adminUpdateCode(deps, actorOf(request), params.code, body),
  );
}
