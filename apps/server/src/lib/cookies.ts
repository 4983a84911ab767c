/** The value of the first cookie of `header` named one of `names` (raw, not decoded), or null. */
export function readCookie(header: string | undefined, names: readonly string[]): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (names.includes(name)) return part.slice(index + 1).trim();
  }
  return null;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: "Lax" | "Strict";
}

/** A `Set-Cookie` line; the value must already be made of cookie-safe characters. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    `Max-Age=${options.maxAgeSeconds}`,
    `Path=${options.path}`,
    ...(options.httpOnly ? ["HttpOnly"] : []),
    ...(options.secure ? ["Secure"] : []),
    `SameSite=${options.sameSite}`,
  ].join("; ");
}
