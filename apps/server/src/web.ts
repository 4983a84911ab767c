import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "./lib/errors.ts";
import { screenRenderer } from "./web-render.ts";

function isBuildFile(root: string, file: string): boolean {
  if (file.length === 0 || !/^[\w./-]+$/.test(file) || file.includes("..")) return false;
  // Dot folders (the build's own notes, .vite/) are not for the public.
  if (file.split("/").some((part) => part.startsWith("."))) return false;
  try {
    return statSync(resolve(root, file)).isFile();
  } catch {
    return false;
  }
}

export interface WebOptions {
  /** The site's public address (config PUBLIC_URL): link previews need absolute URLs. */
  publicUrl?: string;
  /** Draw the daily signed-in screens here when the build has a renderer (config SERVER_RENDER). */
  serverRender?: boolean;
}

/** What a shared link shows (Open Graph and Twitter cards), in French like the landing. */
interface Preview {
  title: string;
  description: string;
  /** Absolute address of the page, when the public address is known. */
  url?: string;
}

const INVITE_PREVIEW = (code: string) => ({
  title: "Invitation à rejoindre FRE",
  description: `Vous êtes invité à miner la monnaie numérique FRE : des sessions de 24 h depuis votre téléphone, inscription gratuite avec le code de parrainage ${code}.`,
});

/** A referral code as the register page reads it from ?ref= (letters and digits only). */
export function inviteCode(url: string): string | undefined {
  const [path, query = ""] = url.split("?");
  if (path?.replace(/\/+$/, "") !== "/register") return undefined;
  const code = new URLSearchParams(query).get("ref")?.trim().toUpperCase();
  return code && /^[A-Z0-9]{1,32}$/.test(code) ? code : undefined;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** Sets `content` of the <meta> named `name` (property= or name=), if index.html has it. */
function setMeta(html: string, name: string, content: string): string {
  const pattern = new RegExp(`(<meta\\s+(?:property|name)="${name}"\\s+content=")[^"]*(")`);
  return html.replace(pattern, (_match, start: string, end: string) => {
    return `${start}${escapeAttribute(content)}${end}`;
  });
}

/**
 * index.html with its link preview completed: absolute image (and og:url) from the public
 * address, and for an invitation link its own title and description.
 */
export function withPreview(
  html: string,
  publicUrl: string | undefined,
  preview?: Preview,
): string {
  let out = html;
  const origin = publicUrl?.replace(/\/+$/, "");
  if (origin) {
    for (const name of ["og:image", "twitter:image"]) {
      out = out.replace(
        new RegExp(`(<meta\\s+(?:property|name)="${name}"\\s+content=")/`),
        `$1${escapeAttribute(origin)}/`,
      );
    }
    const url = preview?.url ?? `${origin}/`;
    out = out.replace(
      /(<meta\s+property="og:type"[^>]*>)/,
      `$1\n    <meta property="og:url" content="${escapeAttribute(url)}" />`,
    );
  }
  if (preview) {
    for (const name of ["og:title", "twitter:title"]) out = setMeta(out, name, preview.title);
    for (const name of ["og:description", "twitter:description"]) {
      out = setMeta(out, name, preview.description);
    }
  }
  return out;
}

interface Encoded {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encode(html: string, brotliQuality: number): Encoded {
  const identity = Buffer.from(html, "utf8");
  return {
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality },
    }),
    gzip: gzipSync(identity, { level: brotliQuality >= 9 ? 9 : 6 }),
  };
}

/** Written by the web build (vite.config.ts, fre-boot-routes): what each screen needs. */
interface PreloadManifest {
  screens: Record<
    string,
    {
      modules: string[];
      catalogs: Record<string, string[]>;
      /** The screen's first reads, and whether the server draws it (decision 0022). */
      data?: string[];
      drawn?: boolean;
    }
  >;
}

function readPreloadManifest(root: string): PreloadManifest {
  try {
    const parsed = JSON.parse(readFileSync(resolve(root, ".vite/fre-preload.json"), "utf8"));
    return parsed && typeof parsed.screens === "object" ? parsed : { screens: {} };
  } catch {
    return { screens: {} };
  }
}

/**
 * A signed-in screen's HTML lists the chunks it needs and its catalogs per language, for
 * boot.js to preload once the app's frame is painted (asked for before, forty chunks would
 * compete with the stylesheet that the first paint waits for).
 */
export function withPreloads(
  html: string,
  screen: PreloadManifest["screens"][string] | undefined,
): string {
  const marker = '<script src="/boot.js"></script>';
  if (!screen || !html.includes(marker)) return html;
  const safe = (file: string) => /^[\w./-]+$/.test(file) && !file.includes("..");
  const list = {
    modules: screen.modules.filter(safe),
    catalogs: Object.fromEntries(
      Object.entries(screen.catalogs).map(([language, files]) => [language, files.filter(safe)]),
    ),
  };
  const island = JSON.stringify(list).replace(/</g, "\\u003c");
  return html.replace(
    marker,
    `<script type="application/json" id="fre-preload">${island}</script>\n    ${marker}`,
  );
}

/** The path of a client route, as the preload manifest names it ("/wallet"). */
const screenPath = (url: string) => (url.split("?")[0] ?? "").replace(/\/+$/, "") || "/";

/**
 * The app's HTML, kept in memory with its compressed forms (one per signed-in screen, with
 * its preloads); read again when the build changes on disk (a rebuild under a running server).
 */
function appShell(root: string, publicUrl: string | undefined) {
  const indexPath = resolve(root, "index.html");
  let built:
    | {
        mtimeMs: number;
        source: string;
        html: string;
        manifest: PreloadManifest;
        pages: Map<string, Encoded>;
      }
    | undefined;
  const current = () => {
    const { mtimeMs } = statSync(indexPath);
    if (built?.mtimeMs !== mtimeMs) {
      const source = readFileSync(indexPath, "utf8");
      built = {
        mtimeMs,
        source,
        html: withPreview(source, publicUrl),
        manifest: readPreloadManifest(root),
        pages: new Map(),
      };
    }
    return built;
  };
  /** The HTML of a screen the server draws (with its preloads), and what it reads first. */
  const screenSource = (url: string) => {
    const shell = current();
    const path = screenPath(url);
    const screen = Object.hasOwn(shell.manifest.screens, path)
      ? shell.manifest.screens[path]
      : undefined;
    if (!screen?.drawn) return undefined;
    return { html: withPreloads(shell.html, screen), data: screen.data ?? [] };
  };
  const page = (url: string): Encoded => {
    const shell = current();
    const code = inviteCode(url);
    if (code) {
      const origin = publicUrl?.replace(/\/+$/, "");
      const preview: Preview = {
        ...INVITE_PREVIEW(code),
        ...(origin ? { url: `${origin}/register?ref=${encodeURIComponent(code)}` } : {}),
      };
      // One page per code: compressed on the fly, quickly.
      return encode(withPreview(shell.source, publicUrl, preview), 5);
    }
    const path = screenPath(url);
    const screen = Object.hasOwn(shell.manifest.screens, path)
      ? shell.manifest.screens[path]
      : undefined;
    const key = screen ? path : "";
    let encoded = shell.pages.get(key);
    if (!encoded) {
      encoded = encode(withPreloads(shell.html, screen), 11);
      shell.pages.set(key, encoded);
    }
    return encoded;
  };
  return { page, screenSource };
}

/** The encoding the browser takes, best first (brotli, gzip), or none. */
function acceptedEncoding(request: FastifyRequest): "br" | "gzip" | undefined {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
}

function sendShell(request: FastifyRequest, reply: FastifyReply, page: Encoded) {
  reply
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-cache")
    .header("vary", "accept-encoding")
    .header("etag", page.etag);
  if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
  const encoding = acceptedEncoding(request);
  if (!encoding) return reply.send(page.identity);
  return reply.header("content-encoding", encoding).send(page[encoding]);
}

/** A page drawn for one user: never stored by any cache (it holds their data), compressed quickly. */
function sendRendered(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "private, no-store")
    .header("vary", "accept-encoding, cookie");
  const identity = Buffer.from(html, "utf8");
  const encoding = acceptedEncoding(request);
  if (!encoding) return reply.send(identity);
  const body =
    encoding === "br"
      ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(identity, { level: 6 });
  return reply.header("content-encoding", encoding).send(body);
}

/**
 * Serves the built web app; unknown non-API paths get index.html (SPA) with its link
 * preview completed (see withPreview), /api stays JSON.
 */
export async function registerWeb(app: FastifyInstance, root: string, options: WebOptions = {}) {
  const indexPath = resolve(root, "index.html");
  const hasWeb = existsSync(indexPath);
  const shell = hasWeb ? appShell(root, options.publicUrl) : undefined;
  const renderScreen = hasWeb && options.serverRender ? screenRenderer(app, root) : undefined;
  if (hasWeb) {
    // No route per file (a glob of the build and two routes for each of its ~740 files was a
    // quarter of the boot, decision 0055): the not-found handler below sends every build file.
    await app.register(fastifyStatic, {
      root,
      serve: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // index.html goes through the not-found handler below, like every client route.
      allowedPath: (pathName) => pathName !== "/index.html",
      setHeaders: (res, path) => {
        const immutable = path.includes(`${resolve(root, "assets")}`);
        res.setHeader(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit?.() }, async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path.startsWith("/api/") || path === "/api" || path === "/metrics") {
      throw new AppError("NOT_FOUND", 404);
    }
    if (!shell || (request.method !== "GET" && request.method !== "HEAD")) {
      throw new AppError("NOT_FOUND", 404);
    }
    const file = path.slice(1);
    if (file !== "index.html" && isBuildFile(root, file)) return reply.sendFile(file);
    // A missing hashed asset (an old tab after a deploy) is a 404, not the app's HTML.
    if (path.startsWith("/assets/")) throw new AppError("NOT_FOUND", 404);
    const screen = renderScreen && request.method === "GET" && shell.screenSource(request.url);
    if (screen) {
      const html = await renderScreen(request, screen.html, screen.data);
      if (html) return sendRendered(request, reply, html);
    }
    return sendShell(request, reply, shell.page(request.url));
  });
}
