import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers";
import { queryClient } from "./app/query-client";
import { createRouter } from "./app/router";
import { i18n, initI18n } from "./lib/i18n";
import { meQuery } from "./lib/session";
import { sampledPageView } from "./lib/web-vitals-sampling";

// A screen the server drew (its answers are in the page): hydrated, not drawn again.
const serverDrawn = document.getElementById("fre-ssr") ? import("./app/server-drawn") : undefined;

// Ask who is signed in while the catalogs and the first route load (the server said already).
if (!serverDrawn) void queryClient.prefetchQuery(meQuery);

// On a signed-in screen boot.js already asked for its first reads (or the server answered
// them): the first render waits (briefly) for them to be in the cache, so the screen appears
// whole.
const earlyData =
  window.__freEarly || serverDrawn
    ? Promise.resolve(serverDrawn?.then((m) => m.adoptServerAnswers()))
        .then(() => import("./app/early-data"))
        .then(({ seedEarlyData }) => seedEarlyData(queryClient))
        .catch((error: unknown) => console.warn("Early data not adopted", error))
    : Promise.resolve();

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

window.addEventListener("unhandledrejection", (event) => {
  console.warn("Unhandled promise rejection", event.reason);
});

async function start(container: HTMLElement) {
  const router = createRouter();
  // Inside Telegram only (boot.js saw its launch): theme, back button, Telegram sign-in.
  // (It reports its own failures; a chunk that does not load is an unhandled rejection, above.)
  if ("tg" in document.documentElement.dataset) {
    void import("./features/telegram/telegram-mini-app").then((m) =>
      m.startMiniApp(router, queryClient),
    );
  }
  const hydrateDrawn = await serverDrawn
    ?.then((m) => m.adoptServerRender(container, router, i18n.resolvedLanguage))
    .catch((error: unknown) => console.warn("Server render not adopted", error));
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // index.html carries the French landing rendered at build time (see prerender.tsx):
  // hydrate it when it is what this visitor should see, otherwise start from scratch.
  const hydrate =
    container.hasAttribute("data-prerendered") &&
    !document.documentElement.classList.contains("no-prerender") &&
    window.location.pathname === "/" &&
    i18n.resolvedLanguage === "fr";
  // Transitions render in slices, so start-up never blocks input for long.
  startTransition(() => {
    if (hydrate) {
      hydrateRoot(container, app);
      return;
    }
    if (hydrateDrawn) {
      hydrateDrawn(app);
      return;
    }
    container.removeAttribute("data-prerendered");
    container.removeAttribute("inert");
    container.replaceChildren();
    createRoot(container).render(app);
  });
  // A sampled view measures its Core Web Vitals with a chunk fetched after the first paint
  // (decision 0038); the other nine in ten fetch nothing more.
  if (sampledPageView()) {
    requestAnimationFrame(() =>
      setTimeout(() => {
        import("./lib/web-vitals-reporter").then((m) => m.reportWebVitals(router)).catch(() => {});
      }, 0),
    );
  }
}

Promise.all([
  initI18n().catch((error: unknown) => console.error("Translations failed to load", error)),
  earlyData,
]).finally(() => void start(container));
