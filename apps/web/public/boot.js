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
  } catch (_error) {
    // Storage unavailable: keep the French landing.
  }
  if (language) root.lang = language;
  if (location.pathname !== "/" || signedIn || (language && language !== "fr")) {
    root.classList.add("no-prerender");
  }

  // What the server needs to draw a signed-in screen as this browser will (web-render.ts):
  // the language, the time zone, and whether the push offer may show (as push.ts and
  // push-opt-in-card.tsx decide it). No personal data; read on the next page load.
  try {
    let pushOffer = false;
    try {
      pushOffer =
        "serviceWorker" in navigator &&
        "PushManager" in window &&
        "Notification" in window &&
        Notification.permission === "default" &&
        localStorage.getItem("fre.pushBannerDismissed") !== "1";
    } catch (_error) {
      // Storage unavailable: no offer.
    }
    const facts = new URLSearchParams({
      l: /^[a-z]{2}$/.test(language ?? "") ? language : "fr",
      z: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
      p: pushOffer ? "1" : "0",
    });
    const secure = location.protocol === "https:" ? "; secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: one cookie, before any code but this runs
    document.cookie = `fre_view=${encodeURIComponent(facts.toString())}; path=/; max-age=31536000; samesite=lax${secure}`;
  } catch (_error) {
    // Cookies off: screens are drawn in the browser.
  }

  const path = location.pathname.replace(/\/+$/, "") || "/";
  // A browser that was signed in goes from / to the dashboard: get its data.
  const reads = ROUTES?.screens[path === "/" && signedIn ? "/dashboard" : path];
  if (!reads) return;
  root.classList.add("app-shell");
  const lang = /^[a-z]{2}$/.test(language ?? "") ? language : "fr";

  // The chunks and catalogs the server listed for this screen, asked for once the frame is
  // painted (before, they would compete with the stylesheet the first paint waits for).
  let preload = null;
  try {
    preload = JSON.parse(document.getElementById("fre-preload")?.textContent ?? "null");
  } catch (_error) {
    // No list (a page from the service worker's cache, whose chunks are at hand anyway).
  }
  if (preload) {
    const files = [...(preload.modules ?? []), ...(preload.catalogs?.[lang] ?? [])];
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const file of files) {
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.crossOrigin = "";
          link.href = `/${file}`;
          document.head.appendChild(link);
        }
      }, 0),
    );
  }

  // A screen the server drew comes with its first answers: adopted as if asked from here, the
  // HTML's own request bracketing them.
  let drawn = null;
  try {
    drawn = JSON.parse(document.getElementById("fre-ssr")?.textContent ?? "null");
  } catch (_error) {
    // Not drawn by the server.
  }
  if (drawn?.answers) {
    const timing = performance.getEntriesByType?.("navigation")?.[0];
    const origin = performance.timeOrigin;
    const sentAt = timing ? Math.round(origin + timing.requestStart) : Date.now();
    const receivedAt = timing ? Math.round(origin + timing.responseStart) : Date.now();
    const early = {};
    for (const [url, answer] of Object.entries(drawn.answers)) {
      // No answer at all (status 0): the app asks again itself.
      if (!(answer.status >= 200 && answer.status <= 599)) continue;
      early[url] = {
        sentAt,
        receivedAt,
        response: Promise.resolve(
          new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, {
            status: answer.status,
            headers: { "Content-Type": "application/json" },
          }),
        ),
      };
    }
    window.__freEarly = early;
    window.__freSsr = { url: drawn.url, facts: drawn.facts, serverTime: drawn.serverTime };
    return;
  }

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
