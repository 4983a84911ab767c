/**
 * Server render of the daily signed-in screens (decision 0022): for a request that carries a
 * session, read the screen's first answers through the API itself (`inject`: the same routes,
 * authorization and rate limits as the browser's own requests), draw the page with the web
 * build's renderer (dist/.ssr/server-render.mjs) and send it with those answers, which the
 * browser adopts to hydrate. Anything missing or failing: undefined, and the browser renders
 * the screen itself as before.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type DrawnPage,
  LANGUAGES,
  type Language,
  type ScreenRender,
  type ScreenRequest,
  VIEW_COOKIE,
  type ViewFacts,
} from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_COOKIE_NAMES } from "./http/viewer.ts";
import { readCookie } from "./lib/cookies.ts";

type RenderScreen = (request: ScreenRequest) => Promise<ScreenRender | undefined>;

const validZone = (zone: string) => {
  if (zone.length === 0 || zone.length > 64 || !/^[\w+\-/]+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The browser's language, time zone and push offer from its `fre_view` cookie
 * (`l=fr&z=Europe%2FParis&p=1`, URL-encoded once more as a cookie value); undefined when
 * absent or not understood — without the zone, dates could not be drawn as the browser will.
 */
export function viewFacts(cookieHeader: string | undefined): ViewFacts | undefined {
  const raw = readCookie(cookieHeader, [VIEW_COOKIE]);
  if (!raw || raw.length > 256) return undefined;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
  const language = params.get("l");
  const timeZone = params.get("z");
  if (!language || !(LANGUAGES as readonly string[]).includes(language)) return undefined;
  if (!timeZone || !validZone(timeZone)) return undefined;
  return { language: language as Language, timeZone, pushOffer: params.get("p") === "1" };
}

/** The web build's renderer, loaded on first use (and again after a rebuild). */
function rendererLoader(root: string) {
  const file = resolve(root, ".ssr/server-render.mjs");
  let loaded: { mtimeMs: number; render: Promise<RenderScreen | undefined> } | undefined;
  return (): Promise<RenderScreen | undefined> => {
    if (!existsSync(file)) return Promise.resolve(undefined);
    const { mtimeMs } = statSync(file);
    if (loaded?.mtimeMs !== mtimeMs) {
      const url = `${pathToFileURL(file).href}?v=${mtimeMs}`;
      loaded = {
        mtimeMs,
        render: import(url).then((module: { renderScreen?: RenderScreen }) => module.renderScreen),
      };
    }
    return loaded.render;
  };
}

/**
 * The shell's #root (the build-time landing) replaced by `html` — inert until the app has taken
 * it over (root-layout.tsx), so nothing is clicked in vain — and the answers listed.
 */
export function withServerRender(
  shell: string,
  html: string,
  payload: DrawnPage,
): string | undefined {
  const rootStart = shell.indexOf('<div id="root"');
  const rootEnd = shell.indexOf('<div id="app-shell"');
  const marker = '<script src="/boot.js"></script>';
  const entry = ENTRY_SCRIPT.exec(shell);
  if (rootStart < 0 || rootEnd < rootStart || !shell.includes(marker) || !entry) return undefined;
  const island = JSON.stringify(payload).replace(/</g, "\\u003c");
  const page = `${shell.slice(0, rootStart)}<div id="root" data-ssr inert>${html}</div>\n    ${shell.slice(rootEnd)}`;
  // Replaced by functions: a `$'` in a user's text is not a replacement pattern.
  return (
    page
      .replace(
        marker,
        () => `<script type="application/json" id="fre-ssr">${island}</script>\n    ${marker}`,
      )
      // The drawn screen is the first paint: boot.js asks for the app's code once it is up, so
      // the code does not compete with the stylesheet that paint waits for.
      .replace(
        entry[0],
        () => `<script type="text/x-fre-entry" id="fre-entry" data-src="${entry[1]}"></script>`,
      )
  );
}

/** The build's entry in index.html (Vite writes it so). */
const ENTRY_SCRIPT = /<script type="module"[^>]* src="(\/assets\/[\w.-]+\.js)"><\/script>/;

export function screenRenderer(app: FastifyInstance, root: string) {
  const loadRenderer = rendererLoader(root);
  // A listening server loads the renderer at once: the first signed-in screen does not wait
  // for it (an app that only answers inject(), as in tests, loads it when first needed).
  app.addHook("onListen", async () => {
    loadRenderer().catch((error: unknown) => app.log.warn({ err: error }, "renderer not loaded"));
  });
  /**
   * The screen drawn for this request's user, or undefined (no session, no `fre_view`, the
   * session refused, no renderer in the build, a failure: the browser renders it).
   */
  return async (
    request: FastifyRequest,
    shell: string,
    reads: string[],
  ): Promise<string | undefined> => {
    const cookie = request.headers.cookie;
    if (!readCookie(cookie, SESSION_COOKIE_NAMES)) return undefined;
    const facts = viewFacts(cookie);
    if (!facts || !reads.includes("/api/me")) return undefined;
    const render = await loadRenderer();
    if (!render) return undefined;
    try {
      const headers = {
        cookie,
        accept: "application/json",
        "accept-language": facts.language,
        ...(request.headers["user-agent"] ? { "user-agent": request.headers["user-agent"] } : {}),
      };
      const sentAt = Date.now();
      const responses = await Promise.all(
        reads.map((url) => app.inject({ method: "GET", url, headers, remoteAddress: request.ip })),
      );
      const receivedAt = Date.now();
      const answers = Object.fromEntries(
        reads.map((url, index) => {
          const response = responses[index];
          return [url, { status: response?.statusCode ?? 0, body: response?.body ?? "" }];
        }),
      );
      // Not signed in after all (expired, revoked): the browser goes to the sign-in.
      if (answers["/api/me"]?.status !== 200) return undefined;
      const url = request.url;
      const drawn = await render({ url, facts, answers, sentAt, receivedAt });
      if (!drawn) return undefined;
      return withServerRender(shell, drawn.html, {
        url,
        facts,
        serverTime: drawn.serverTime,
        answers,
      });
    } catch (error) {
      request.log.warn({ err: error, path: request.url.split("?")[0] }, "server render failed");
      return undefined;
    }
  };
}
