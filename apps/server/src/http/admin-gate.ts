import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/errors.ts";
import type { Viewer, ViewerResolver } from "./viewer.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The elevated admin, set by the admin scope's gate before anything else runs. */
    elevatedAdmin: Viewer | null;
  }
}

/**
 * The one admin gate: every route registered inside `register` needs the admin role and a live
 * elevation, checked on request — before the body is parsed or validated, so an anonymous caller
 * learns nothing about a route's schema.
 */
export function adminScope(
  deps: {
    viewer: ViewerResolver;
    /** The caller as an elevated admin, or a 401/403 (the admin module's check, handed in). */
    elevated: (viewer: Viewer | null) => Promise<Viewer>;
  },
  register: (scope: FastifyInstance) => Promise<void>,
  /** Filled with every gated route as it is registered (the tests walk it). */
  gated: { method: string; url: string }[] = [],
) {
  return async (scope: FastifyInstance) => {
    scope.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) {
        if (method !== "HEAD") gated.push({ method, url: route.url });
      }
    });
    scope.decorateRequest("elevatedAdmin", null);
    scope.decorate("routeAccess", "admin");
    scope.addHook("onRequest", async (request) => {
      request.elevatedAdmin = await deps.elevated(await deps.viewer.optional(request));
      request.viewer = request.elevatedAdmin;
    });
    await register(scope);
  };
}

/** The elevated admin of a request inside the admin scope. */
export function adminOf(request: FastifyRequest): Viewer {
  if (!request.elevatedAdmin) throw new AppError("ADMIN_ACCESS_REQUIRED", 403);
  return request.elevatedAdmin;
}

/** The elevated admin and the address they call from: what an audited admin act is handed. */
export function actorOf(request: FastifyRequest): { userId: string; ip: string } {
  return { userId: adminOf(request).userId, ip: request.ip };
}
