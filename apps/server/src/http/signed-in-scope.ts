import type { ErrorCode } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/errors.ts";
import type { ViewerResolver } from "./viewer.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The 401 a signed-out caller gets on this route when it is not the generic UNAUTHORIZED
     * (`ADMIN_NOT_SIGNED_IN` on the elevation, `BONUS_LOGIN_REQUIRED` on a redeem).
     */
    signedOutError?: ErrorCode;
  }
}

/**
 * The one signed-in gate, mirroring the admin scope: every route registered inside `register`
 * needs a live session, checked on request — before the body is parsed or validated — and finds
 * its viewer on `request.viewer` (a handler gets it as `input.viewer`).
 */
export function signedInScope(
  viewer: ViewerResolver,
  register: (scope: FastifyInstance) => Promise<void>,
) {
  return async (scope: FastifyInstance) => {
    scope.decorate("routeAccess", "user");
    scope.addHook("onRequest", async (request) => {
      const found = await viewer.optional(request);
      if (!found) {
        throw new AppError(request.routeOptions.config?.signedOutError ?? "UNAUTHORIZED", 401);
      }
      request.viewer = found;
    });
    await register(scope);
  };
}
