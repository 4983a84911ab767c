import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../../lib/clock.ts";
import { serializeCookie } from "../../lib/cookies.ts";

/** Better Auth's signed cookies (prefix `fre`), plain and with the https-only prefix. */
const SESSION = "fre.session_token";
const DONT_REMEMBER = "fre.dont_remember";
const SIGNED_COOKIES = [SESSION, DONT_REMEMBER];
/** The session's lifetime in auth.ts (`session.expiresIn`): the cookie Better Auth sets. */
const SESSION_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

const sign = (secret: string, value: string) =>
  createHmac("sha256", secret).update(value).digest("base64");

function signedBy(secret: string, value: string, signature: string): boolean {
  const given = Buffer.from(signature, "base64");
  const expected = Buffer.from(sign(secret, value), "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The auth secret's rotation (decision 0054). Better Auth signs its cookies with one secret
 * (`value.base64(HMAC-SHA256(secret, value))`, better-call's signed cookies) and knows no other.
 * Until `until`, this hook, run before anything reads a cookie, takes a session cookie signed
 * with the previous secret, re-signs it with the current one in the request (so Better Auth and
 * the viewer see a cookie they accept) and sends the browser that re-signed cookie: a session
 * opened before the rotation carries on, and the browser holds a current cookie from then on.
 * After `until`, an old cookie is an invalid one: the person signs in again.
 */
export function secretGrace(options: {
  secret: string;
  previous: string | undefined;
  until: Date | undefined;
  clock: Clock;
  secure: boolean;
}) {
  const { secret, previous, until, clock, secure } = options;
  if (!previous || !until) return null;
  return async function acceptPreviousSecret(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.cookie;
    if (!header || clock.now().getTime() >= until.getTime()) return;
    let changed = false;
    const resigned = new Map<string, string>();
    const parts = header.split(";").map((part) => {
      const index = part.indexOf("=");
      if (index < 0) return part;
      const name = part.slice(0, index).trim();
      const base = name.startsWith("__Secure-") ? name.slice("__Secure-".length) : name;
      if (!SIGNED_COOKIES.includes(base)) return part;
      let decoded: string;
      try {
        decoded = decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return part;
      }
      const dot = decoded.lastIndexOf(".");
      if (dot < 1) return part;
      const value = decoded.slice(0, dot);
      const signature = decoded.slice(dot + 1);
      if (signedBy(secret, value, signature) || !signedBy(previous, value, signature)) return part;
      const fresh = encodeURIComponent(`${value}.${sign(secret, value)}`);
      changed = true;
      resigned.set(name, fresh);
      return ` ${name}=${fresh}`;
    });
    if (!changed) return;
    request.headers.cookie = parts.join(";").trim();
    // A "don't remember me" session keeps a cookie that ends with the browser session.
    const browserSessionOnly = [...resigned.keys()].some((name) => name.endsWith(DONT_REMEMBER));
    for (const [name, fresh] of resigned) {
      const line = serializeCookie(name, fresh, {
        maxAgeSeconds: SESSION_COOKIE_MAX_AGE_SECONDS,
        path: "/",
        secure: secure || name.startsWith("__Secure-"),
        httpOnly: true,
        sameSite: "Lax",
      });
      reply.header("set-cookie", browserSessionOnly ? line.replace(/; Max-Age=\d+/, "") : line);
    }
  };
}
