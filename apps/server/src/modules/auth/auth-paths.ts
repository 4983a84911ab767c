import { AppError } from "../../lib/errors.ts";

/**
 * What reaches Better Auth, and by which path (issue 32, point 1). Better Auth resolves the path
 * it is given the way a browser does (`..`, `%2E%2E`), so it is never given a caller's path:
 * every call names one of these endpoints, and the mail links' passthrough matches a request's
 * path exactly against the two it serves. A path under /api/auth that is not plain segments of
 * letters, digits, `-` and `_` is refused before any of this: dots, `%`-escapes, `//`, `\`, `;`.
 */
export const AUTH_BASE_PATH = "/api/auth";

/** The Better Auth endpoints FRE calls (each from its own route, with its own checks). */
export type AuthEndpoint =
  | "sign-up/email"
  | "sign-in/email"
  | "sign-out"
  | "get-session"
  | "verify-email"
  | "send-verification-email"
  | "request-password-reset"
  | "reset-password"
  | "change-password"
  | "list-sessions"
  | "revoke-other-sessions";

/** A path of plain segments: what every FRE auth route is. */
const CANONICAL_AUTH_PATH = /^\/api\/auth(?:\/[A-Za-z0-9_-]+)+\/?$/;
/** A reset link's token: Better Auth's ids are letters and digits. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** The path of a raw request URL (`?` and what follows removed, nothing decoded). */
export function rawPath(url: string): string {
  const at = url.indexOf("?");
  return at === -1 ? url : url.slice(0, at);
}

/** 400 for a path under /api/auth that is not canonical (any traversal spelling). */
export function assertCanonicalAuthPath(url: string): void {
  const path = rawPath(url);
  if (path !== AUTH_BASE_PATH && !path.startsWith(`${AUTH_BASE_PATH}/`)) return;
  if (!CANONICAL_AUTH_PATH.test(path)) {
    throw new AppError(
      "VALIDATION_ERROR",
      400,
      {},
      { issues: [{ path: "url", message: "invalid" }] },
    );
  }
}

/** A link in a mail, as the passthrough serves it: the endpoint and the reset link's token. */
export interface AuthLink {
  endpoint: "verify-email" | "reset-password";
  token?: string;
}

/**
 * The mail link a passthrough request is (exact match on method and canonical path), or null:
 * `GET verify-email` and `GET reset-password/<token>`. Everything else Better Auth offers is
 * closed; FRE's own routes call the other endpoints.
 */
export function mailLink(method: string, url: string): AuthLink | null {
  if (method !== "GET") return null;
  const path = rawPath(url).replace(/\/$/, "");
  if (path === `${AUTH_BASE_PATH}/verify-email`) return { endpoint: "verify-email" };
  const prefix = `${AUTH_BASE_PATH}/reset-password/`;
  if (path.startsWith(prefix)) {
    const token = path.slice(prefix.length);
    if (LINK_TOKEN.test(token)) return { endpoint: "reset-password", token };
  }
  return null;
}

/** The URL Better Auth is called with: its endpoint, a link's token, and only the named query. */
export function betterAuthUrl(
  publicUrl: string,
  endpoint: AuthEndpoint,
  options: { token?: string; query?: Record<string, string | undefined> } = {},
): URL {
  const path = options.token ? `${endpoint}/${encodeURIComponent(options.token)}` : endpoint;
  const url = new URL(`${AUTH_BASE_PATH}/${path}`, publicUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url;
}
