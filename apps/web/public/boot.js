// Runs before first paint (CSP allows no inline script):
// - decides whether the pre-rendered French landing in index.html may show, and sets
//   <html lang> from the saved language;
// - on a signed-in screen, shows the app's frame at once and sends the screen's first API
//   reads with the HTML, which the app adopts instead of asking again (lib/api-client.ts),
//   and preloads the chunks and catalogs the server listed in the page (web.ts).
(() => {
  // Filled at build time by vite.config.ts (fre-boot-routes) from src/app/route-preload.ts.
  const ROUTES = /* fre-boot-routes */ null;
  const root = document.documentElement;
  let language = null;
  let signedIn = false;
  try {
    language = localStorage.getItem("fre.language");
    signedIn = localStorage.getItem("fre.signedIn") === "1";
    // A Telegram Mini App: Telegram's launch parameters come in the hash (the router drops it),
    // kept for the tab; <html data-tg> tells start.tsx to load the Telegram module (0042).
    if (location.hash.includes("tgWebAppData="))
      sessionStorage.setItem("fre.tg", location.hash.slice(1));
    if (sessionStorage.getItem("fre.tg")) root.dataset.tg = "";
  } catch (_error) {
    // Storage unavailable: keep the French landing (and not run as a Mini App).
  }
  if (language) root.lang = language;
  if (location.pathname !== "/" || signedIn || (language && language !== "fr")) {
    root.classList.add("no-prerender");
  }

  const path = location.pathname.replace(/\/+$/, "") || "/";
  // A browser that was signed in goes from / to the dashboard: get its data.
  const reads = ROUTES?.screens[path === "/" && signedIn ? "/dashboard" : path];
  if (!reads) return;
  root.classList.add("app-shell");
  const lang = /^[a-z]{2}$/.test(language ?? "") ? language : "fr";

  // A screen the server drew came with its first answers (app/server-drawn.ts adopts them),
  // and its content is the first paint: the app's code (server/src/web-render.ts) and the
  // chunks are asked for once that paint is on screen, or after a second without one (a hidden
  // tab). On a screen the browser draws, once the frame is painted. Before, they would compete
  // with the stylesheet the first paint waits for.
  const drawn = document.getElementById("fre-ssr");
  let done = false;
  const afterPaint = (run) => {
    const once = () => {
      // (The entry not parsed yet: the paint that comes after it starts them.)
      if (done || (drawn && !document.getElementById("fre-entry"))) return;
      done = true;
      run();
    };
    if (!drawn) return requestAnimationFrame(() => setTimeout(once, 0));
    if (window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        observer.disconnect();
        once();
      }).observe({ type: "paint", buffered: true });
    } else {
      // A browser without paint timing: once the frame is painted.
      requestAnimationFrame(() => setTimeout(once, 0));
    }
    setTimeout(once, 1000);
  };
  const add = (tag, attributes) =>
    document.head.appendChild(Object.assign(document.createElement(tag), attributes));

  // The chunks and catalogs the server listed for this screen.
  let preload = null;
  try {
    preload = JSON.parse(document.getElementById("fre-preload")?.textContent ?? "null");
  } catch (_error) {
    // No list (a page from the service worker's cache, whose chunks are at hand anyway).
  }
  afterPaint(() => {
    // (`once` runs this on a drawn screen only once its entry is parsed.)
    const src = drawn && document.getElementById("fre-entry").dataset.src;
    if (src) add("script", { type: "module", crossOrigin: "", src });
    const files = preload ? [...(preload.modules ?? []), ...(preload.catalogs?.[lang] ?? [])] : [];
    for (const file of files)
      add("link", { rel: "modulepreload", crossOrigin: "", href: `/${file}` });
  });
  if (drawn) return;

  // A visitor gets 401s here; the app then sends them to /login as it would anyway.
  const early = {};
  for (const url of [...ROUTES.data, ...reads]) {
    const request = { sentAt: Date.now(), receivedAt: undefined, response: undefined };
    request.response = fetch(url, {
      credentials: "include",
      headers: { Accept: "application/json", "Accept-Language": lang },
    }).then((response) => {
      request.receivedAt = Date.now();
      return response;
    });
    // Offline: the app reports it when it adopts the request; nothing is logged here.
    request.response.catch(() => undefined);
    early[url] = request;
  }
  window.__freEarly = early;
})();
