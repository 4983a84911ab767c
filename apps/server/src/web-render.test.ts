import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWeb } from "./web.ts";
import { viewFacts, withServerRender } from "./web-render.ts";

const view = (value: string) => `fre.session_token=abc; fre_view=${encodeURIComponent(value)}`;

describe("the browser's view facts (fre_view)", () => {
  it("reads the language, the time zone and the push offer", () => {
    expect(viewFacts(view("l=en&z=Europe/Paris&p=1"))).toEqual({
      language: "en",
      timeZone: "Europe/Paris",
      pushOffer: true,
    });
    expect(viewFacts(view("l=zh&z=Asia/Shanghai&p=0"))?.pushOffer).toBe(false);
  });

  it("refuses what the render could not honour", () => {
    expect(viewFacts(undefined)).toBeUndefined();
    expect(viewFacts("fre.session_token=abc")).toBeUndefined();
    expect(viewFacts(view("l=de&z=UTC&p=1"))).toBeUndefined();
    expect(viewFacts(view("l=fr&z=Mars/Olympus&p=1"))).toBeUndefined();
    expect(viewFacts(view("l=fr&p=1"))).toBeUndefined();
    expect(viewFacts(view(`l=fr&z=${"A".repeat(300)}&p=1`))).toBeUndefined();
    expect(viewFacts("fre_view=%E0%A4%A")).toBeUndefined();
  });
});

describe("withServerRender", () => {
  const shell = `<html><head><script src="/boot.js"></script>
    <script type="module" crossorigin fetchpriority="low" src="/assets/index-Ab_1.js"></script></head><body><div id="root" data-prerendered inert><main>landing</main></div>
    <div id="app-shell"></div></body></html>`;

  it("replaces the landing in #root and lists the answers before boot.js, script-safe", () => {
    const page = withServerRender(shell, "<main>dashboard</main>", {
      url: "/dashboard",
      facts: { language: "fr", timeZone: "UTC", pushOffer: false },
      serverTime: 1,
      answers: { "/api/me": { status: 200, body: '{"nickname":"</script><b>x$\'$&"}' } },
    });
    expect(page).toContain('<div id="root" data-ssr inert><main>dashboard</main></div>');
    expect(page).not.toContain("landing");
    expect(page).not.toContain("</script><b>");
    const island =
      /<script type="application\/json" id="fre-ssr">(.*?)<\/script>\s*<script src="\/boot.js">/s.exec(
        page ?? "",
      )?.[1];
    expect(JSON.parse(island ?? "null").answers["/api/me"].body).toBe(
      '{"nickname":"</script><b>x$\'$&"}',
    );
  });

  it("leaves the app's entry for boot.js to ask for after the first paint", () => {
    const page = withServerRender(shell, "<main>dashboard</main>", {
      url: "/dashboard",
      facts: { language: "fr", timeZone: "UTC", pushOffer: false },
      serverTime: 1,
      answers: {},
    });
    expect(page).not.toContain('<script type="module"');
    expect(page).toContain(
      '<script type="text/x-fre-entry" id="fre-entry" data-src="/assets/index-Ab_1.js"></script>',
    );
    // A shell without the entry is not one this render understands.
    expect(
      withServerRender(shell.replace(/<script type="module".*?<\/script>/, ""), "x", {
        url: "/dashboard",
        facts: { language: "fr", timeZone: "UTC", pushOffer: false },
        serverTime: 1,
        answers: {},
      }),
    ).toBeUndefined();
  });

  it("gives up on a shell it does not recognise", () => {
    expect(
      withServerRender("<html></html>", "x", {
        url: "/",
        facts: { language: "fr", timeZone: "UTC", pushOffer: false },
        serverTime: 1,
        answers: {},
      }),
    ).toBeUndefined();
  });
});

/**
 * The server's side against a stand-in renderer (the real one is the web build's, exercised by
 * e2e/server-render.test.ts): what it is given, and when the browser renders instead.
 */
describe("server-drawn screens", () => {
  let dist: string;
  let app: FastifyInstance;
  let miningStatus = 200;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "fre-render-"));
    writeFileSync(
      join(dist, "index.html"),
      `<html><head><script src="/boot.js"></script>
    <script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root" data-prerendered inert>landing</div>
    <div id="app-shell"></div></body></html>`,
    );
    mkdirSync(join(dist, ".vite"));
    writeFileSync(
      join(dist, ".vite", "fre-preload.json"),
      JSON.stringify({
        screens: {
          "/dashboard": {
            modules: [],
            catalogs: {},
            data: ["/api/me", "/api/mining"],
            drawn: true,
          },
          "/group": { modules: [], catalogs: {}, data: ["/api/me"], drawn: false },
        },
      }),
    );
    mkdirSync(join(dist, ".ssr"));
    writeFileSync(join(dist, ".ssr", "package.json"), '{ "type": "module" }');
    writeFileSync(
      join(dist, ".ssr", "server-render.mjs"),
      `export async function renderScreen(request) {
        if (request.answers["/api/mining"].status === 500) throw new Error("boom");
        return { html: "<main>drawn " + JSON.stringify(request) + "</main>", serverTime: 42 };
      }`,
    );
    app = Fastify();
    app.get("/api/me", async (request, reply) =>
      String(request.headers.cookie).includes("fre.session_token=good")
        ? { nickname: "ana" }
        : reply.code(401).send({ error: "UNAUTHORIZED", message: "no" }),
    );
    app.get("/api/mining", async (request, reply) => {
      return reply
        .code(miningStatus)
        .send({ session: null, lang: request.headers["accept-language"] });
    });
    await registerWeb(app, dist, { serverRender: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (cookie?: string, url = "/dashboard") =>
    app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("draws the screen with the user's answers and lists them for the browser", async () => {
    const response = await get(
      `fre.session_token=good; fre_view=${encodeURIComponent("l=es&z=America/Bogota&p=0")}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers.vary).toContain("cookie");
    const html = response.body;
    expect(html).toContain('<div id="root" data-ssr inert><main>drawn ');
    const drawn = JSON.parse(/<main>drawn (.*?)<\/main>/s.exec(html)?.[1] ?? "null");
    expect(drawn.url).toBe("/dashboard");
    expect(drawn.facts).toEqual({ language: "es", timeZone: "America/Bogota", pushOffer: false });
    expect(JSON.parse(drawn.answers["/api/me"].body)).toEqual({ nickname: "ana" });
    // Each read asked in the browser's language, as its own request would.
    expect(JSON.parse(drawn.answers["/api/mining"].body).lang).toBe("es");
    const island = JSON.parse(
      /<script type="application\/json" id="fre-ssr">(.*?)<\/script>/s.exec(html)?.[1] ?? "null",
    );
    expect(island).toMatchObject({ url: "/dashboard", serverTime: 42 });
    expect(Object.keys(island.answers)).toEqual(["/api/me", "/api/mining"]);
  });

  it("leaves the screen to the browser without a session, a valid one, or the view facts", async () => {
    const facts = `fre_view=${encodeURIComponent("l=fr&z=UTC&p=1")}`;
    for (const cookie of [
      undefined,
      facts,
      `fre.session_token=bad; ${facts}`,
      "fre.session_token=good",
    ]) {
      const response = await get(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("landing");
      expect(response.body).not.toContain("data-ssr");
    }
  });

  it("draws only the screens marked for it", async () => {
    const cookie = `fre.session_token=good; fre_view=${encodeURIComponent("l=fr&z=UTC&p=1")}`;
    const response = await get(cookie, "/group");
    expect(response.body).toContain("landing");
    expect(response.body).not.toContain("data-ssr");
  });

  it("falls back to the browser when the render fails", async () => {
    const cookie = `fre.session_token=good; fre_view=${encodeURIComponent("l=fr&z=UTC&p=1")}`;
    miningStatus = 500;
    const response = await get(cookie);
    miningStatus = 200;
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("landing");
    expect(response.body).not.toContain("data-ssr");
  });
});
