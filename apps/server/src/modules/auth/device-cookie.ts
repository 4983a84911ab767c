import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie, serializeCookie } from "../../lib/cookies.ts";

/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies", decision
 * 0014). A browser that signed in to an account keeps a token `nonce.mac` for it, where
 * mac = HMAC-SHA256(key derived from the auth secret, `userId.nonce`). The token names no account
 * and proves nothing on its own: a sign-in checks it against the account it names. One cookie
 * holds the tokens of the last few accounts signed in from this browser (a shared computer).
 */
const COOKIE_NAME = "fre.device";
/** A year: the browser stays known for as long as people usually keep one. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const TOKENS_KEPT = 5;
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

interface DeviceToken {
  nonce: string;
  mac: string;
}

export function deviceCookies(options: { secret: string; secure: boolean }) {
  // A key of its own, so a device token can never pass for another signature made with the secret.
  const key = createHmac("sha256", options.secret).update("fre device cookie v1").digest();
  // `__Secure-` makes browsers refuse the cookie from a non-https page (as the session cookie's).
  const name = options.secure ? `__Secure-${COOKIE_NAME}` : COOKIE_NAME;
  const macOf = (userId: string, nonce: string) =>
    createHmac("sha256", key).update(`${userId}.${nonce}`).digest("base64url");

  function tokensOf(cookieHeader: string | undefined): DeviceToken[] {
    const raw = readCookie(cookieHeader, [name]);
    if (!raw) return [];
    return raw
      .split("~")
      .slice(0, TOKENS_KEPT)
      .flatMap((text) => {
        const match = TOKEN.exec(text);
        return match ? [{ nonce: match[1]!, mac: match[2]! }] : [];
      });
  }

  // Compared as canonical base64url text: decoding would accept variants of the last character.
  const isFor = (token: DeviceToken, userId: string) =>
    timingSafeEqual(Buffer.from(token.mac), Buffer.from(macOf(userId, token.nonce)));

  return {
    /** Whether the request carries any well-formed token (else no account needs looking up). */
    hasTokens: (cookieHeader: string | undefined) => tokensOf(cookieHeader).length > 0,

    /** The nonce of the request's token for this user (a known browser), or null. */
    knownNonce(cookieHeader: string | undefined, userId: string): string | null {
      return tokensOf(cookieHeader).find((token) => isFor(token, userId))?.nonce ?? null;
    },

    /**
     * The `Set-Cookie` line after this user signed in: a fresh token for them first (their old
     * one dropped, so the nonce a failure budget counts on changes), then the other accounts'.
     */
    issue(cookieHeader: string | undefined, userId: string): string {
      const nonce = randomBytes(16).toString("base64url");
      const others = tokensOf(cookieHeader).filter((token) => !isFor(token, userId));
      const value = [{ nonce, mac: macOf(userId, nonce) }, ...others]
        .slice(0, TOKENS_KEPT)
        .map((token) => `${token.nonce}.${token.mac}`)
        .join("~");
      return serializeCookie(name, value, {
        maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS,
        // Only the auth routes read it; no other request carries it.
        path: "/api/auth",
        httpOnly: true,
        secure: options.secure,
        sameSite: "Lax",
      });
    },
  };
}

export type DeviceCookies = ReturnType<typeof deviceCookies>;
