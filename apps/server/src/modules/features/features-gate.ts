import { FEATURE_IDS, type FeatureId, type Features } from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ViewerResolver } from "../../http/viewer.ts";
import { AppError } from "../../lib/errors.ts";
import { isAdminUser } from "./features.repo.ts";
import type { FeaturesDeps } from "./features.service.ts";

/** How long a client is asked to wait before trying a switched-off feature again. */
export const FEATURE_RETRY_AFTER_S = 300;
/** …and a write during a maintenance (the web app checks again every minute). */
export const MAINTENANCE_RETRY_AFTER_S = 60;

/** Each switch and the routes it closes, by their registered pattern. */
const FEATURE_ROUTES: Record<FeatureId, (route: string) => boolean> = {
  games: (route) => route === "/api/games" || route.startsWith("/api/games/"),
  shop: (route) => route === "/api/shop" || route.startsWith("/api/shop/"),
  referrals: (route) => route === "/api/referrals" || route.startsWith("/api/referrals/"),
};

/** Better Auth's catch-all passthrough; the auth module's own routes sit beside it. */
const AUTH_ROUTE = "/api/auth/*";
const AUTH_PREFIX = "/api/auth/";
/**
 * Auth endpoints that stay open during a maintenance, matched exactly (any other spelling is
 * refused): signing in (an admin must get in; a user who signs in sees the maintenance page),
 * ending sessions, and the password's security writes — asking for a reset mail, resetting and
 * changing it — which take access away from whoever should not have it (each of the last two
 * signs every other session out). Signing up is a write like any other.
 */
const MAINTENANCE_OPEN_AUTH = new Set([
  "sign-in/email",
  "sign-out",
  "revoke-other-sessions",
  "request-password-reset",
  "reset-password",
  "change-password",
]);

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The Better Auth endpoint a request names: its own route's registered path (`sign-in/email`),
 * or what follows `/api/auth/` on the catch-all, as that route reads it. "" off the auth routes.
 */
function authEndpoint(request: FastifyRequest, route: string): string {
  if (route !== AUTH_ROUTE)
    return route.startsWith(AUTH_PREFIX) ? route.slice(AUTH_PREFIX.length) : "";
  const rest = (request.params as { "*"?: unknown } | undefined)?.["*"];
  return typeof rest === "string" ? (rest.split("?")[0] ?? "") : "";
}

/**
 * The endpoint with its slashes tidied and its case folded: `sign-up/email/`, `/sign-up//email`
 * and `SIGN-UP/email` all read `sign-up/email`. Used where matching too much is the safe side
 * (dropping a referral code), so an alias the auth route might one day accept cannot slip past.
 */
function looseAuthEndpoint(request: FastifyRequest, route: string): string {
  return authEndpoint(request, route).toLowerCase().split("/").filter(Boolean).join("/");
}

/**
 * Whether a request may write during a maintenance: admin routes (behind their own gate),
 * the auth endpoints above, and anything an admin sends (role admin: full access).
 */
async function mayWriteDuringMaintenance(
  deps: Pick<FeaturesDeps, "db"> & { viewer: ViewerResolver },
  request: FastifyRequest,
  route: string,
): Promise<boolean> {
  if (route === "/api/admin" || route.startsWith("/api/admin/")) return true;
  if (MAINTENANCE_OPEN_AUTH.has(authEndpoint(request, route))) return true;
  const viewer = await deps.viewer.optional(request);
  return viewer !== null && (await isAdminUser(deps.db, viewer.userId));
}

/** The switch that closes this route, if it is off. */
function disabledFeature(features: Features, route: string): FeatureId | null {
  for (const id of FEATURE_IDS) {
    if (!features[id] && FEATURE_ROUTES[id](route)) return id;
  }
  return null;
}

/**
 * The one place the switches are enforced, on every API request before anything else runs
 * (no body parsed, no handler reached). Matched on the route's registered pattern, not the
 * raw URL, so no spelling of a path (encoded, trailing slash, query) slips past. Registered on
 * the root instance before the routes, so every route inherits it.
 */
export function installFeatureGate(
  app: FastifyInstance,
  deps: FeaturesDeps & { viewer: ViewerResolver },
) {
  app.addHook("onRequest", async (request) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith("/api/")) return;
    const features = await deps.features.current();
    if (
      features.maintenance.active &&
      !READS.has(request.method) &&
      !(await mayWriteDuringMaintenance(deps, request, route))
    ) {
      throw new AppError("MAINTENANCE", 503, {}, { retryAfter: MAINTENANCE_RETRY_AFTER_S });
    }
    if (disabledFeature(features, route)) {
      throw new AppError("FEATURE_DISABLED", 503, {}, { retryAfter: FEATURE_RETRY_AFTER_S });
    }
  });

  // The referral system off: a sign-up with a referral code still opens the account, without a
  // referrer, as an unknown code would (spec §5); the code may be entered later from /group
  // once the system is back. Here because the code is in the body, parsed after onRequest.
  app.addHook("preValidation", async (request) => {
    const route = request.routeOptions.url ?? "";
    if (looseAuthEndpoint(request, route) !== "sign-up/email") return;
    const body = request.body;
    if (!body || typeof body !== "object" || !("referralCode" in body)) return;
    if ((await deps.features.current()).referrals) return;
    delete (body as { referralCode?: unknown }).referralCode;
  });
}
