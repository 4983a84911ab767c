import { randomBytes } from "node:crypto";
import { readCookie, serializeCookie } from "../../lib/cookies.ts";

/**
 * The first-party device id (issue 25, decision 0045): a random id this browser keeps, so that
 * accounts opened or used from one browser can be told apart from accounts of many. It names no
 * account and is never stored as is: the bot-farm signals keep its keyed hash only. A strictly
 * necessary security cookie (the cookie policy lists it next to the device cookie).
 */
const COOKIE_NAME = "fre.did";
/** A year, as the device cookie's. */
export const DEVICE_ID_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** 128 random bits, base64url. */
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

export function deviceIdCookies(options: { secure: boolean }) {
  // `__Secure-` makes browsers refuse the cookie from a non-https page (as the session cookie's).
  const name = options.secure ? `__Secure-${COOKIE_NAME}` : COOKIE_NAME;

  /** The id the request carries, when it is well-formed; else null. */
  function presented(cookieHeader: string | undefined): string | null {
    const raw = readCookie(cookieHeader, [name]);
    return raw && DEVICE_ID.test(raw) ? raw : null;
  }

  return {
    presented,

    /**
     * The browser's id after a sign-up or sign-in: the one it carries, or a new one with the
     * `Set-Cookie` line that gives it (a kept id is not sent again).
     */
    ensure(cookieHeader: string | undefined): { id: string; cookie: string | null } {
      const kept = presented(cookieHeader);
      if (kept) return { id: kept, cookie: null };
      const id = randomBytes(16).toString("base64url");
      const cookie = serializeCookie(name, id, {
        maxAgeSeconds: DEVICE_ID_MAX_AGE_SECONDS,
        path: "/",
        httpOnly: true,
        secure: options.secure,
        sameSite: "Lax",
      });
      return { id, cookie };
    },
  };
}

export type DeviceIdCookies = ReturnType<typeof deviceIdCookies>;
