import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from "fastify";
import { AppError } from "./errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A limit per verified user (the signed-in session's user, never a cookie pattern), on top of
     * the global per-IP limit. Anonymous callers are counted per IP.
     */
    userRateLimit?: { max: number; timeWindow: string | number };
  }
}

/** The 429 every limiter answers, with the seconds to wait. */
export const rateLimitedError = (ttlMs: number) =>
  new AppError("RATE_LIMITED", 429, {}, { retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)) });

/**
 * Gives every route declaring `config.userRateLimit` its own limiter keyed on the verified user.
 * Must be installed after @fastify/rate-limit and before the routes are registered.
 */
export function installUserRateLimits(
  app: FastifyInstance,
  userIdOf: (request: FastifyRequest) => Promise<string | null>,
) {
  app.addHook("onRoute", (route) => {
    const limit = route.config?.userRateLimit;
    if (!limit) return;
    // The route is part of the key: shared counters (rate-limit-store.ts) hold every limiter's
    // keys side by side.
    const name = `${[route.method].flat().join(",")} ${route.url}`;
    const check = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.timeWindow,
      keyGenerator: async (request) => {
        const userId = await userIdOf(request);
        return userId ? `${name} user:${userId}` : `${name} ip:${request.ip}`;
      },
    });
    const hook: preHandlerHookHandler = async (request, reply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header("retry-after", String(result.ttlInSeconds));
      throw rateLimitedError(result.ttl);
    };
    const existing = route.preHandler;
    route.preHandler = existing
      ? [hook, ...(Array.isArray(existing) ? existing : [existing])]
      : hook;
  });
}

/** The fair share's keys (`share:<user id>`). */
const FAIR_SHARE = "share:";

/**
 * The keys of the limiters every API request passes — the per-address guard (the address
 * itself) and the fair share — counted in the process first (decision 0067). A route's own
 * per-user limit (`<METHOD> <route> user:<id>`: auth, money, redemption, proofs) stays exact.
 */
export const countedLocallyFirst = (key: string) =>
  key.startsWith(FAIR_SHARE) || !key.includes(" ");

/** The API (and the operators' /metrics): what the per-address and per-user limits count. */
export function isApiPath(url: string): boolean {
  return url.startsWith("/api/") || url === "/api" || url.startsWith("/api?") || url === "/metrics";
}

/**
 * Each signed-in user's fair share of the API, whatever address they come from: with carrier
 * NAT, the per-address limit is only a flood guard, so fairness is counted per verified user.
 * Anonymous callers are counted by the per-address guard alone.
 */
export function installUserFairShare(
  app: FastifyInstance,
  userIdOf: (request: FastifyRequest) => Promise<string | null>,
  max: number,
) {
  const check = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: async (request) => `${FAIR_SHARE}${await userIdOf(request)}`,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!isApiPath(request.url) || (await userIdOf(request)) === null) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header("retry-after", String(result.ttlInSeconds));
    throw rateLimitedError(result.ttl);
  });
}
