import { describe, expect, it } from "vitest";
import { deviceCookies } from "./device-cookie.ts";

const secret = "test-secret-test-secret-test-secret-0123";
const cookieHeader = (line: string) => line.split(";")[0];

describe("device cookies", () => {
  it("is __Secure- and Secure on an https site", () => {
    const line = deviceCookies({ secret, secure: true }).issue(undefined, "user-1");
    expect(line).toMatch(/^__Secure-fre\.device=/);
    expect(line).toMatch(/; Secure(;|$)/);
    expect(line).toMatch(/; HttpOnly/);
  });

  it("is valid for its user only, and not with another secret", () => {
    const devices = deviceCookies({ secret, secure: false });
    const header = cookieHeader(devices.issue(undefined, "user-1"));
    expect(devices.knownNonce(header, "user-1")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(devices.knownNonce(header, "user-2")).toBeNull();
    const other = deviceCookies({ secret: `${secret}x`, secure: false });
    expect(other.knownNonce(header, "user-1")).toBeNull();
    // The https name is not read by an http site.
    const secure = deviceCookies({ secret, secure: true });
    expect(secure.knownNonce(header, "user-1")).toBeNull();
  });

  it("refuses a signature differing only in the spare bits of its last character", () => {
    const devices = deviceCookies({ secret, secure: false });
    const header = cookieHeader(devices.issue(undefined, "user-1"))!;
    const last = header.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // 43 base64url characters carry 258 bits for 256: the last one's two low bits are spare.
    const twin = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(devices.knownNonce(`${header.slice(0, -1)}${twin}`, "user-1")).toBeNull();
  });

  it("keeps the other accounts' tokens, renews this account's, and holds at most 5", () => {
    const devices = deviceCookies({ secret, secure: false });
    let header: string | undefined;
    for (let i = 1; i <= 6; i++) header = cookieHeader(devices.issue(header, `user-${i}`));
    expect(devices.knownNonce(header, "user-1")).toBeNull();
    for (let i = 2; i <= 6; i++) expect(devices.knownNonce(header, `user-${i}`)).not.toBeNull();
    const before = devices.knownNonce(header, "user-4");
    header = cookieHeader(devices.issue(header, "user-4"));
    const after = devices.knownNonce(header, "user-4");
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    for (const i of [2, 3, 5, 6]) expect(devices.knownNonce(header, `user-${i}`)).not.toBeNull();
  });

  it("ignores malformed values", () => {
    const devices = deviceCookies({ secret, secure: false });
    for (const header of ["fre.device=", "fre.device=%%%", "fre.device=a.b~c.d", "other=1"]) {
      expect(devices.hasTokens(header)).toBe(false);
      expect(devices.knownNonce(header, "user-1")).toBeNull();
    }
  });
});
