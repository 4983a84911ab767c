import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteCode, registerWeb, withPreview } from "./web.ts";

const INDEX = `<!doctype html><html lang="fr"><head>
    <meta property="og:type" content="website" />
    <meta property="og:title" content="FRE — Minez" />
    <meta
      property="og:description"
      content="Minez la monnaie."
    />
    <meta property="og:image" content="/og-image.png" />
    <meta name="twitter:card" content="summary_large_image" />
    <meta name="twitter:title" content="FRE — Minez" />
    <meta name="twitter:description" content="Minez la monnaie." />
    <meta name="twitter:image" content="/og-image.png" />
    <script src="/boot.js"></script>
    <title>FRE shell</title></head><body><div id="root"></div></body></html>`;

const meta = (html: string, name: string) =>
  new RegExp(`<meta\\s+(?:property|name)="${name}"\\s+content="([^"]*)"`).exec(html)?.[1];

async function webApp(dist: string, publicUrl?: string): Promise<FastifyInstance> {
  const app = Fastify();
  await registerWeb(app, dist, publicUrl ? { publicUrl } : {});
  await app.ready();
  return app;
}

let dist: string;
let app: FastifyInstance;
let bare: FastifyInstance;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "fre-web-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, "assets", "app.js"), "console.log('fre');");
  mkdirSync(join(dist, ".vite"));
  writeFileSync(
    join(dist, ".vite", "fre-preload.json"),
    JSON.stringify({
      screens: {
        "/wallet": {
          modules: ["assets/start-1.js", "assets/wallet-page-2.js", "../etc/passwd"],
          catalogs: { fr: ["assets/app-3.js"], en: ["assets/common-4.js", "assets/app-5.js"] },
        },
      },
    }),
  );
  app = await webApp(dist, "https://fre.example/");
  bare = await webApp(dist);
});
afterAll(async () => {
  await app?.close();
  await bare?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the app's HTML", () => {
  it("completes the link preview with absolute URLs from the public address", async () => {
    for (const url of ["/", "/dashboard", "/index.html"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(meta(response.body, "og:image"), url).toBe("https://fre.example/og-image.png");
      expect(meta(response.body, "twitter:image"), url).toBe("https://fre.example/og-image.png");
      expect(meta(response.body, "og:url"), url).toBe("https://fre.example/");
      expect(meta(response.body, "og:title"), url).toBe("FRE — Minez");
    }
  });

  it("words an invitation link's preview, with the code in its og:url", async () => {
    const response = await app.inject({ url: "/register?ref=abc123" });
    expect(response.statusCode).toBe(200);
    expect(meta(response.body, "og:title")).toBe("Invitation à rejoindre FRE");
    expect(meta(response.body, "twitter:title")).toBe("Invitation à rejoindre FRE");
    expect(meta(response.body, "og:description")).toContain("ABC123");
    expect(meta(response.body, "og:url")).toBe("https://fre.example/register?ref=ABC123");
  });

  it("ignores a referral code that is not one (no markup from the query string)", async () => {
    const response = await app.inject({ url: "/register?ref=%22%3E%3Cscript%3E" });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("<script>");
    expect(meta(response.body, "og:title")).toBe("FRE — Minez");
    expect(inviteCode("/login?ref=ABC123")).toBeUndefined();
    expect(inviteCode("/register/?ref=abc123")).toBe("ABC123");
  });

  it("keeps relative values without a public address", async () => {
    const response = await bare.inject({ url: "/register?ref=ABC123" });
    expect(meta(response.body, "og:image")).toBe("/og-image.png");
    expect(meta(response.body, "og:url")).toBeUndefined();
    expect(meta(response.body, "og:title")).toBe("Invitation à rejoindre FRE");
  });

  it("lists a signed-in screen's chunks and catalogs in its HTML, and only there", async () => {
    const wallet = await app.inject({ url: "/wallet/?tab=1" });
    expect(wallet.body).not.toContain("passwd");
    const island =
      /<script type="application\/json" id="fre-preload">([^<]*)<\/script>\s*<script src="\/boot.js">/.exec(
        wallet.body,
      );
    expect(JSON.parse(island?.[1] ?? "null")).toEqual({
      modules: ["assets/start-1.js", "assets/wallet-page-2.js"],
      catalogs: { fr: ["assets/app-3.js"], en: ["assets/common-4.js", "assets/app-5.js"] },
    });
    for (const url of ["/", "/dashboard", "/register?ref=ABC123"]) {
      const other = await app.inject({ url });
      expect(other.body, url).not.toContain("fre-preload");
    }
    // The manifest itself is not served.
    expect((await app.inject({ url: "/.vite/fre-preload.json" })).headers["content-type"]).toBe(
      "text/html; charset=utf-8",
    );
  });

  it("sends it compressed as asked, with an ETag that answers 304", async () => {
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("FRE shell");
    const gzip = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain("FRE shell");
    const etag = String(br.headers.etag);
    const again = await app.inject({ url: "/dashboard", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("reads the build again when it changes on disk", async () => {
    writeFileSync(join(dist, "index.html"), INDEX.replace("FRE shell", "FRE rebuilt"));
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dist, "index.html"), later, later);
    const response = await app.inject({ url: "/" });
    expect(response.body).toContain("FRE rebuilt");
  });

  it("still serves the build's files and answers API paths as JSON 404", async () => {
    const asset = await app.inject({ url: "/assets/app.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await app.inject({ url: "/assets/missing-1234.js" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/nothing" })).statusCode).toBe(404);
  });
});

describe("withPreview", () => {
  it("escapes what it writes into attributes", () => {
    const html = withPreview(INDEX, 'https://fre.example/"x', {
      title: 'A "quoted" <b>',
      description: "d & e",
    });
    expect(html).toContain('content="A &quot;quoted&quot; &lt;b>"');
    expect(html).toContain('content="d &amp; e"');
    expect(html).toContain('content="https://fre.example/&quot;x/og-image.png"');
  });
});
