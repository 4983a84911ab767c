import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubChain } from "../src/adapters/chain/chain-stub.ts";
import { checkHealth } from "../src/modules/health/health.service.ts";
import { ChainNotRespondingError } from "../src/modules/ton/chain-errors.ts";
import {
  client,
  createTestApp,
  expectLedgerBalanced,
  PUBLIC_URL,
  signUp,
  type TestApp,
  type TestAppOptions,
  uniqueUser,
  useTestApp,
} from "./helpers.ts";

const test = useTestApp();

/** A second app for one test, always closed, its books checked. */
async function withApp(options: TestAppOptions, run: (app: TestApp) => Promise<void>) {
  const other = await createTestApp(options);
  try {
    await run(other);
    await expectLedgerBalanced(other);
  } finally {
    await other.close();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOT_FOUND = { error: "NOT_FOUND", message: "Ressource introuvable." };
const UNAUTHORIZED = { error: "UNAUTHORIZED", message: "Vous devez être connecté." };

describe("health", () => {
  it("reports the three components healthy", async () => {
    const response = await test().app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "healthy",
      timestamp: test().clock.now().toISOString(),
      components: {
        database: { status: "healthy" },
        api: { status: "healthy" },
        blockchain: { status: "healthy" },
      },
    });
    const live = await test().app.inject({ url: "/api/health/live" });
    expect([live.statusCode, live.json()]).toEqual([200, { status: "ok" }]);
  });

  it("stays healthy (200) when only the blockchain API fails", async () => {
    const ping = () => Promise.reject(new ChainNotRespondingError(502));
    await withApp({ chain: stubChain({ ping }) }, async (app) => {
      const response = await app.app.inject({ url: "/api/health" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: "healthy",
        components: {
          database: { status: "healthy" },
          api: { status: "healthy" },
          blockchain: { status: "unhealthy", details: "Blockchain API is not responding" },
        },
      });
    });
  });

  it("marks a blockchain API that hangs unhealthy after the timeout", async () => {
    let aborted = false;
    const health = await checkHealth({
      db: test().db,
      clock: test().clock,
      probeApi: async () => 200,
      timeoutMs: 50,
      chain: stubChain({
        ping: (signal) =>
          new Promise<void>(() =>
            signal.addEventListener("abort", () => {
              aborted = true;
            }),
          ),
      }),
    });
    expect(health.status).toBe("healthy");
    expect(health.components.blockchain.status).toBe("unhealthy");
    expect(health.components.blockchain.details).toMatch(/^Error during blockchain check: .*50 ms/);
    expect(aborted).toBe(true);
  });

  it("answers 503 unhealthy when the database is gone", async () => {
    const app = await createTestApp();
    try {
      await app.database.close();
      const response = await app.app.inject({ url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: "unhealthy",
        timestamp: expect.any(String),
        components: {
          database: { status: "unhealthy", details: expect.stringMatching(/./) },
          api: { status: "healthy" },
          blockchain: { status: "healthy" },
        },
      });
    } finally {
      await app.app.close();
      await app.database.drop().catch(() => {});
    }
  });
});

describe("routing", () => {
  it("answers an unknown API path with a JSON 404", async () => {
    for (const [method, url] of [
      ["GET", "/api/xyz"],
      ["POST", "/api/xyz"],
      ["GET", "/api"],
      ["GET", "/some/page"],
    ] as const) {
      const response = await test().app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  describe("with a built web app", () => {
    let dist: string;
    let web: TestApp;
    beforeAll(async () => {
      dist = mkdtempSync(join(tmpdir(), "fre-web-"));
      mkdirSync(join(dist, "assets"));
      writeFileSync(join(dist, "index.html"), "<!doctype html><title>FRE shell</title>");
      writeFileSync(join(dist, "assets", "app.js"), "console.log('fre');");
      writeFileSync(join(dist, "robots.txt"), "User-agent: *");
      web = await createTestApp({ config: { WEB_DIST: dist } });
    });
    afterAll(async () => {
      try {
        await expectLedgerBalanced(web);
      } finally {
        await web.close();
        rmSync(dist, { recursive: true, force: true });
      }
    });

    it("serves index.html, uncached, for any client route", async () => {
      for (const url of ["/", "/some/route", "/admin/security?tab=1"]) {
        const response = await web.app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["content-type"], url).toMatch(/^text\/html/);
        expect(response.headers["cache-control"], url).toBe("no-cache");
        expect(response.body).toContain("FRE shell");
        expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
      }
    });

    it("treats a directory of the build like any client route", async () => {
      const response = await web.app.inject({ url: "/assets" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain("FRE shell");
    });

    it("answers a missing hashed asset with a JSON 404, not the app's HTML", async () => {
      for (const url of ["/assets/", "/assets/old-1234.js"]) {
        const response = await web.app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error, url).toBe("NOT_FOUND");
      }
    });

    it("serves hashed assets as immutable and other files uncached", async () => {
      const asset = await web.app.inject({ url: "/assets/app.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["content-type"]).toMatch(/javascript/);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(asset.body).toBe("console.log('fre');");
      const robots = await web.app.inject({ url: "/robots.txt" });
      expect(robots.body).toBe("User-agent: *");
      expect(robots.headers["cache-control"]).toBe("no-cache");
    });

    it("keeps API paths and non-GET methods as JSON 404", async () => {
      for (const [method, url] of [
        ["GET", "/api/nope"],
        ["GET", "/api/nope/deeper"],
        ["POST", "/some/route"],
        ["DELETE", "/some/route"],
      ] as const) {
        const response = await web.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    });
  });

  it("exposes Prometheus metrics with the HTTP latency histogram", async () => {
    await test().app.inject({ url: "/api/health/live" });
    const response = await test().app.inject({ url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = response.body.split("\n");
    expect(lines).toContain("# TYPE fre_http_request_duration_seconds histogram");
    const counts = lines.filter((line) =>
      line.startsWith("fre_http_request_duration_seconds_count"),
    );
    expect(counts).toContainEqual(
      expect.stringMatching(
        /^[^{]+\{method="GET",route="\/api\/health\/live",status="200"\} [1-9]/,
      ),
    );
  });

  it("publishes an OpenAPI document of the API", async () => {
    const response = await test().app.inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, object> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/api/me"]).toHaveProperty("patch");
    expect(Object.keys(doc.paths["/api/admin/access"] ?? {}).sort()).toEqual([
      "delete",
      "get",
      "post",
    ]);
    expect(doc.paths["/api/health"]).toBeDefined();
    expect(doc.paths["/metrics"]).toBeUndefined();
  });
});

describe("HTTP hygiene", () => {
  const expectSecurityHeaders = (headers: Record<string, unknown>, what: string) => {
    const csp = String(headers["content-security-policy"]);
    for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) {
      expect(csp, what).toContain(directive);
    }
    expect(headers["x-content-type-options"], what).toBe("nosniff");
    expect(headers["x-frame-options"], what).toBe("SAMEORIGIN");
    expect(headers["strict-transport-security"], what).toBeUndefined();
    expect(headers["x-request-id"], what).toMatch(UUID);
  };

  it("sends security headers and a request id", async () => {
    const response = await test().app.inject({ url: "/api/health/live" });
    expectSecurityHeaders(response.headers, "live");
    expectSecurityHeaders((await test().app.inject({ url: "/api/xyz" })).headers, "404");
  });

  it("puts a request id on every answer and echoes a valid incoming one", async () => {
    const ids = new Set<string>();
    for (const url of ["/api/health/live", "/api/xyz", "/api/me", "/metrics"]) {
      const id = (await test().app.inject({ url })).headers["x-request-id"] as string;
      expect(id, url).toMatch(UUID);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
    const given = "trace-1234abcd";
    const echoed = await test().app.inject({ url: "/api/xyz", headers: { "x-request-id": given } });
    expect(echoed.headers["x-request-id"]).toBe(given);
    const bad = await test().app.inject({
      url: "/api/xyz",
      headers: { "x-request-id": "bad id!" },
    });
    expect(bad.headers["x-request-id"]).toMatch(UUID);
  });

  it("answers body problems with 4xx {error, message}, never 500", async () => {
    const send = (payload: string, contentType: string) =>
      test().app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { "content-type": contentType },
        payload,
      });
    const malformed = await send('{"email": "a@b.co", ', "application/json");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      message: "Les données envoyées sont invalides.",
    });

    const text = await send("email=a@b.co&password=x", "text/plain");
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: expect.any(String), message: expect.any(String) });

    const huge = await send(
      JSON.stringify({ email: "a@b.co", password: "x".repeat(300_000) }),
      "application/json",
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
  });

  it("refuses a state-changing request from a foreign origin, with security headers", async () => {
    const { client: c, user } = await signUp(test());
    const cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const patch = (origin: string) =>
      test().app.inject({
        method: "PATCH",
        url: "/api/me",
        headers: { origin, cookie },
        payload: { language: "en" },
      });
    const foreign = await patch("https://evil.example");
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: "FORBIDDEN", message: "Accès refusé." });
    expect((await c.get("/api/me")).json().language).toBe("fr");
    expect((await patch("http://127.0.0.1:3000")).statusCode).toBe(200);
    expect((await patch(PUBLIC_URL)).json()).toMatchObject({ email: user.email, language: "en" });
    // The refusal is an answer like any other: it keeps the security headers.
    expectSecurityHeaders(foreign.headers, "403 foreign origin");
  });

  it("rate limits the auth routes per IP with a translated 429", async () => {
    await withApp({ config: { AUTH_RATE_LIMIT_MAX: "3" } }, async (app) => {
      const body = { email: "nobody@example.com", password: "Wrong!pass1" };
      const c = client(app, { ip: "10.1.1.1" });
      for (let i = 0; i < 3; i++) {
        expect((await c.post("/api/auth/sign-in/email", body)).json().error).toBe(
          "INVALID_CREDENTIALS",
        );
      }
      const limited = await c.post("/api/auth/sign-in/email", body);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        error: "RATE_LIMITED",
        message: "Trop de requêtes. Réessayez dans quelques instants.",
      });
      expect(limited.json().retryAfter).toBeGreaterThan(0);
      expect(limited.json().retryAfter).toBeLessThanOrEqual(60);
      expect(Number(limited.headers["retry-after"])).toBe(limited.json().retryAfter);
      const english = await client(app, { ip: "10.1.1.1", language: "en" }).post(
        "/api/auth/sign-in/email",
        body,
      );
      expect(english.json().message).toBe("Too many requests. Try again in a moment.");
      // Session reads are not counted here (issue 20: many people share one address).
      const session = await client(app, { ip: "10.1.1.1" }).get("/api/auth/get-session");
      expect(session.statusCode).toBe(200);
      // Other clients and other routes are not affected.
      const elsewhere = await client(app, { ip: "10.1.1.2" }).post("/api/auth/sign-in/email", body);
      expect(elsewhere.statusCode).toBe(401);
      expect((await c.get("/api/me")).statusCode).toBe(401);
    });
  });

  it("writes error messages in the request's language, French by default", async () => {
    const cases: [string | undefined, string][] = [
      [undefined, "Vous devez être connecté."],
      ["en-GB,en;q=0.8", "You must be signed in."],
      ["es", "Debes iniciar sesión."],
      ["ru-RU", "Необходимо войти в систему."],
      ["zh-CN,zh;q=0.9", "请先登录。"],
      ["de-DE", "Vous devez être connecté."],
      ["de;q=1, en;q=0.5", "You must be signed in."],
    ];
    for (const [language, message] of cases) {
      const headers = language ? { "accept-language": language } : {};
      const response = await test().app.inject({ url: "/api/me", headers });
      expect(response.statusCode).toBe(401);
      expect(response.json(), language).toEqual({ error: "UNAUTHORIZED", message });
    }
  });
});

describe("profile settings", () => {
  const consent = { necessary: true, functional: true, analytics: false, advertising: false };

  it("saves the language and the cookie choices", async () => {
    const { client: c } = await signUp(test(), uniqueUser());
    expect((await c.get("/api/me")).json().cookieConsent).toBeNull();
    const language = await c.patch("/api/me", { language: "en" });
    expect(language.statusCode).toBe(200);
    expect(language.json().language).toBe("en");
    const cookies = await c.patch("/api/me", { cookieConsent: consent });
    expect(cookies.json()).toMatchObject({ language: "en", cookieConsent: consent });
    expect((await c.get("/api/me")).json()).toMatchObject({
      language: "en",
      cookieConsent: consent,
    });
  });

  it("refuses bad values with 400 VALIDATION_ERROR and changes nothing", async () => {
    const { client: c } = await signUp(test(), uniqueUser());
    const necessaryOff = { cookieConsent: { ...consent, necessary: false } };
    const partial = { cookieConsent: { necessary: true } };
    const unknownKeys = [{ theme: "dark" }, { language: "en", role: "admin" }];
    for (const body of [{ language: "de" }, necessaryOff, partial, ...unknownKeys]) {
      const response = await c.patch("/api/me", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({
        error: "VALIDATION_ERROR",
        message: "Les données envoyées sont invalides.",
        issues: expect.arrayContaining([expect.objectContaining({ path: expect.any(String) })]),
      });
    }
    const me = (await c.get("/api/me")).json();
    expect([me.language, me.role, me.cookieConsent]).toEqual(["fr", "user", null]);
  });

  it("answers 401 without a session", async () => {
    const visitor = client(test());
    for (const response of [await visitor.get("/api/me"), await visitor.patch("/api/me", {})]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    }
  });
});
