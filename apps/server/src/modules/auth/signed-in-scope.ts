import type { FastifyInstance } from "fastify";
import type { ViewerResolver } from "./viewer.ts";

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
      request.viewer = await viewer.required(request);
    });
    await register(scope);
  };
}
