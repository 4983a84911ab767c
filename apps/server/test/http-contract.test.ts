/**
 * What every answer of the API keeps to, whatever the request (second probe, issue 19: points 8
 * and 11): malformed multipart is a 400, JSON in another charset a 415, an over-long or broken
 * path the standard `{error, message}`, and personal answers are never stored by a cache.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, PUBLIC_URL, signUp, uniqueUser, useTestApp, verifyEmail } from "./helpers.ts";

const test = useTestApp();
let user: Client;
let cookie: string;

beforeAll(async () => {
  const signed = await signUp(test(), uniqueUser("contract"));
  await verifyEmail(test(), signed.user.email);
  user = signed.client;
  cookie = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
});

const send = (method: "GET" | "POST" | "PATCH", url: string, type?: string, payload?: string) =>
  test().app.inject({
    method,
    url,
    headers: { origin: PUBLIC_URL, cookie, ...(type ? { "content-type": type } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });

const part = (headers: string) => `--XX\r\n${headers}`;

describe("malformed multipart on the photo upload", () => {
  const cases: [string, string, string][] = [
    ["no boundary", "multipart/form-data", "abc"],
    ["an empty boundary", "multipart/form-data; boundary=", "--\r\n"],
    [
      "a truncated part",
      "multipart/form-data; boundary=XX",
      part(
        'Content-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabcdef',
      ),
    ],
    [
      "a part cut in its headers",
      "multipart/form-data; boundary=XX",
      part('Content-Disposition: form-data; name="file"; filename="a.jpg"\r\n'),
    ],
    ["garbage", "multipart/form-data; boundary=XX", "zzzzzzzz"],
  ];
  for (const [label, type, payload] of cases) {
    it(`answers ${label} with 400 and the standard body, storing nothing`, async () => {
      const answer = await send("POST", "/api/kyc/files/front", type, payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ error: "VALIDATION_ERROR" });
      expect(answer.json().message).toMatch(/\S/);
      expect((await user.get("/api/kyc")).json().draft.files).toEqual([]);
    });
  }
});

describe("JSON bodies", () => {
  it("refuses a body declared in another charset than UTF-8 with 415", async () => {
    for (const charset of ["utf-16", "UTF-16LE", "iso-8859-1", "latin1", '"windows-1252"']) {
      const answer = await send(
        "PATCH",
        "/api/me",
        `application/json; charset=${charset}`,
        JSON.stringify({ language: "en" }),
      );
      expect(answer.statusCode, charset).toBe(415);
      expect(answer.json().error).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
    expect((await user.get("/api/me")).json().language).not.toBe("en");
  });

  it("takes UTF-8, however it is spelled, and JSON without a charset", async () => {
    for (const type of [
      "application/json",
      "application/json; charset=utf-8",
      "application/json;charset=UTF-8",
      'application/json; charset="utf8"',
    ]) {
      const answer = await send("PATCH", "/api/me", type, JSON.stringify({ language: "fr" }));
      expect(answer.statusCode, type).toBe(200);
    }
  });
});

describe("URLs the router refuses", () => {
  it("answers an over-long or broken path parameter with the standard body", async () => {
    for (const url of [
      `/api/support/tickets/${"a".repeat(1000)}`,
      `/api/notifications/${"b".repeat(300)}/read`,
      "/api/support/tickets/%ZZ",
      "/api/withdrawals/%C0%AF/cancel",
    ]) {
      const answer = await send(url.endsWith("tickets/%ZZ") ? "GET" : "POST", url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error, url).toBe("VALIDATION_ERROR");
      // The path is not echoed back (nor logged as a message).
      expect(answer.body).not.toContain("aaaa");
      expect(answer.body).not.toContain("%ZZ");
    }
  });
});

describe("caching", () => {
  it("marks every personal answer no-store", async () => {
    for (const url of [
      "/api/me",
      "/api/wallet",
      "/api/wallet/ledger?limit=5",
      "/api/mining",
      "/api/notifications",
      "/api/referrals",
      "/api/kyc",
      "/api/withdrawals",
      "/api/auth/get-session",
      "/api/auth/list-sessions",
    ]) {
      const answer = await user.get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["cache-control"], url).toBe("no-store");
    }
    // Errors too: they may say who is signed in.
    const anonymous = await test().app.inject({ method: "GET", url: "/api/me" });
    expect(anonymous.headers["cache-control"]).toBe("no-store");
  });

  it("leaves public figures their own caching", async () => {
    const stats = await test().app.inject({ method: "GET", url: "/api/stats/public" });
    expect(stats.headers["cache-control"]).toBe("public, max-age=60");
  });
});

describe("content security policy", () => {
  it("allows no inline script but the TON Connect widget's empty touch handler", async () => {
    const csp = String(
      (await test().app.inject({ method: "GET", url: "/api/health" })).headers[
        "content-security-policy"
      ],
    );
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(
      "script-src-attr 'unsafe-hashes' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    );
    expect(csp).not.toContain("unsafe-inline' 'sha");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});
