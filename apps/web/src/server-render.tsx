/**
 * Server render of the signed-in screens people open every day (/dashboard, /leaderboard,
 * /wallet; decision 0022). The API server (apps/server/src/web.ts) reads the screen's first
 * answers for the signed-in user — the very requests public/boot.js would send — and this
 * draws the screen with them, in the browser's language and time zone, so the page arrives
 * whole: its content is the first paint. The browser then adopts the same answers and hydrates
 * (start.tsx). Built by vite.config.ts into dist/.ssr/ (not served).
 */
import { LANGUAGES, type ScreenRender, type ScreenRequest } from "@fre/shared";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { seedEarlyData } from "./app/early-data";
import { Providers } from "./app/providers";
import { createQueryClient } from "./app/query-client";
import { routes } from "./app/router";
import { setDisplayTimeZone } from "./lib/format";
import { i18n, NAMESPACES } from "./lib/i18n";
import { earlyRequestOf, setSsrState } from "./lib/ssr-state";

const catalogs = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", {
  eager: true,
  import: "default",
});

function resources() {
  const all: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, catalog] of Object.entries(catalogs)) {
    const match = /\/locales\/([a-z]{2})\/(\w+)\.json$/.exec(path);
    const [, language, namespace] = match ?? [];
    if (!language || !namespace) continue;
    all[language] = { ...all[language], [namespace]: catalog };
  }
  return all;
}

let ready: Promise<unknown> | undefined;
const initOnce = () => {
  ready ??= i18n.use(initReactI18next).init({
    lng: "fr",
    fallbackLng: "fr",
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: "common",
    resources: resources(),
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return ready;
};

/** One render at a time: the language, the clock and the adopted answers are this module's. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The screen's HTML, or undefined when it is not one to draw here (a redirect: the guard
 * sends the user elsewhere; or the render failed — the browser then renders it itself).
 */
export function renderScreen(request: ScreenRequest): Promise<ScreenRender | undefined> {
  return oneAtATime(async () => {
    await initOnce();
    const client = createQueryClient();
    globalThis.__freEarly = Object.fromEntries(
      Object.entries(request.answers).map(([url, answer]) => [
        url,
        earlyRequestOf(answer, request.sentAt, request.receivedAt),
      ]),
    );
    try {
      await seedEarlyData(client);
      await i18n.changeLanguage(request.facts.language);
      const handler = createStaticHandler(routes);
      const context = await handler.query(new Request(`http://localhost${request.url}`));
      if (context instanceof Response) return undefined;
      const router = createStaticRouter(handler.dataRoutes, context);
      const serverTime = Date.now();
      setSsrState({ ...request.facts, serverTime });
      setDisplayTimeZone(request.facts.timeZone);
      try {
        const html = renderToString(
          <StrictMode>
            <Providers client={client}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </Providers>
          </StrictMode>,
        );
        return { html, serverTime };
      } finally {
        setDisplayTimeZone(undefined);
        setSsrState(undefined);
      }
    } finally {
      globalThis.__freEarly = undefined;
      client.clear();
    }
  });
}
