import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Clock } from "../lib/clock.ts";
import { readCookie } from "../lib/cookies.ts";
import { AppError } from "../lib/errors.ts";

/** Who is calling: the signed-in user and the sign-in session. */
export interface Viewer {
  userId: string;
  sessionId: string;
}

/** A live sign-in session, as the auth module finds it by its token. */
export interface LiveSession {
  id: string;
  userId: string;
  expiresAt: string | Date;
}

/** The session cookie's names (secure prefix on https); the web server checks for them too. */
export const SESSION_COOKIE_NAMES = ["__Secure-fre.session_token", "fre.session_token"];
/** How long a verified session stays cached in this process (revocations show after this). */
export const SESSION_CACHE_MS = 15_000;
const CACHE_LIMIT = 50_000;

/**
 * Verifies Better Auth's signed session cookie (`token.base64(HMAC-SHA256(secret, token))`) and
 * finds the live session, with a short in-process cache: an authenticated read costs one HMAC
 * and, at most every 15 s, one indexed query — not Better Auth's whole request pipeline.
 */
export function viewerResolver(deps: {
  clock: Clock;
  secret: string;
  /** The live session of a token at `now` (the auth module's, handed in by the composition root). */
  findSession: (token: string, now: Date) => Promise<LiveSession | null>;
}) {
  const cache = new Map<string, { viewer: Viewer | null; expiresAt: number; until: number }>();
  const perRequest = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

  /** The signed cookie value as sent (`token.signature`), or null. */
  function signedValueOf(request: FastifyRequest): string | null {
    const raw = readCookie(request.headers.cookie, SESSION_COOKIE_NAMES);
    if (!raw) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }

  function verifiedToken(value: string): string | null {
    const dot = value.lastIndexOf(".");
    if (dot <= 0) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), "base64");
    const expected = createHmac("sha256", deps.secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }

  // Keyed by the whole signed value: an entry exists only once its signature was verified, so a
  // cache hit needs no HMAC.
  async function lookup(request: FastifyRequest): Promise<Viewer | null> {
    const value = signedValueOf(request);
    if (!value) return null;
    const now = deps.clock.now().getTime();
    const hit = cache.get(value);
    if (hit && hit.until > now && hit.expiresAt > now) return hit.viewer;
    const token = verifiedToken(value);
    if (!token) return null;
    const row = await deps.findSession(token, new Date(now));
    const viewer = row ? { userId: row.userId, sessionId: row.id } : null;
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(value, {
      viewer,
      expiresAt: row ? new Date(row.expiresAt).getTime() : now + SESSION_CACHE_MS,
      until: now + SESSION_CACHE_MS,
    });
    return viewer;
  }

  const optional = (request: FastifyRequest) => {
    let pending = perRequest.get(request);
    if (!pending) {
      pending = lookup(request);
      perRequest.set(request, pending);
    }
    return pending;
  };

  return {
    optional,
    async required(request: FastifyRequest): Promise<Viewer> {
      const viewer = await optional(request);
      if (!viewer) throw new AppError("UNAUTHORIZED", 401);
      return viewer;
    },
    /** Drops this request's session from the cache (sign-out, password change). */
    forget(request: FastifyRequest) {
      const value = signedValueOf(request);
      if (value) cache.delete(value);
    },
    /** Drops every cached session (a password reset revokes sessions we cannot name). */
    forgetAll() {
      cache.clear();
    },
  };
}

export type ViewerResolver = ReturnType<typeof viewerResolver>;
