import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseURL,
  newUser,
  persistentPhone,
  REFUSED_CONSENT,
  signUpInContext,
  useBrowser,
} from "./support";

const chromium = useBrowser();

/**
 * A signed-in phone without a service worker (nothing is precached: a screen not opened yet
 * has to come from the network). Uncaught page errors are collected; the failed requests an
 * offline browser logs are expected here.
 */
async function signedInPhone() {
  const context = await chromium.browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "fr-FR",
    serviceWorkers: "block",
  });
  chromium.contexts.push(context);
  await context.addInitScript((consent) => {
    try {
      localStorage.setItem("fre.cookieConsent", consent);
    } catch {
      // about:blank has no storage
    }
  }, JSON.stringify(REFUSED_CONSENT));
  await signUpInContext(context, newUser("off"));
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

const bottomLink = (page: Page, name: string) =>
  page.getByTestId("bottom-nav").getByRole("link", { name });

/** The spinner's accessible text: a screen still waiting. */
const spinner = (page: Page) => page.getByRole("status").filter({ hasText: "Chargement…" });

function metaOf(html: string, name: string): string | undefined {
  return new RegExp(`<meta\\s+(?:property|name)="${name}"\\s+content="([^"]*)"`).exec(html)?.[1];
}

describe("offline, in the app", () => {
  it("a screen whose code cannot load shows the offline notice, and comes back once online", async () => {
    const { context, page, pageErrors } = await signedInPhone();
    await page.goto("/dashboard");
    await page.getByTestId("mining-state").waitFor();

    // The group screen: its code is not in the daily screens' chunk the dashboard loaded.
    await context.setOffline(true);
    await bottomLink(page, "Groupe").click();
    await page.getByTestId("offline-notice").waitFor({ timeout: 10_000 });
    await expect.poll(() => spinner(page).count()).toBe(0);
    expect(await page.getByTestId("offline-retry").isVisible()).toBe(true);
    // The strip says it on every screen while the browser is offline.
    await expect.poll(() => page.getByTestId("offline-banner").isVisible()).toBe(true);

    await context.setOffline(false);
    // Back online, the notice retries by itself.
    await page.getByTestId("share-invite").waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe("/group");
    expect(await page.getByTestId("offline-banner").count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("the notice's retry reloads the screen once the server answers again", async () => {
    const { page, pageErrors } = await signedInPhone();
    await page.goto("/dashboard");
    await page.getByTestId("mining-state").waitFor();

    // The server is unreachable (the browser itself is online): the chunk does not load.
    await page.route("**/assets/group-page-*.js", (route) => route.abort("failed"));
    await bottomLink(page, "Groupe").click();
    await page.getByTestId("offline-notice").waitFor({ timeout: 10_000 });
    await page.unroute("**/assets/group-page-*.js");
    await page.getByTestId("offline-retry").click();
    await page.getByTestId("share-invite").waitFor({ timeout: 15_000 });
    expect(pageErrors).toEqual([]);
  });

  it("with the app precached, a screen whose data cannot load says so instead of spinning, then fills in once online", async () => {
    const { context, page, close } = await persistentPhone("offline-data");
    try {
      await signUpInContext(context, newUser("offd"));
      await page.goto("/dashboard");
      await page.getByTestId("mining-state").waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 30_000,
      });
      // The worker took every chunk of the app (the daily screens' one included) at install.
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const names = await caches.keys();
              const name = names.find((n) => n.startsWith("fre-shell-"));
              if (!name) return false;
              const keys = await (await caches.open(name)).keys();
              return keys.some((r) => /\/assets\/app-area-/.test(r.url));
            }),
          { timeout: 30_000 },
        )
        .toBe(true);

      await context.setOffline(true);
      await bottomLink(page, "Classement").click();
      await page.getByTestId("page-title").filter({ hasText: "Classement" }).waitFor();
      await page.getByTestId("offline-banner").waitFor({ timeout: 10_000 });
      // The request failed at once: an error with a retry, not a spinner waiting for a network.
      await page.getByRole("alert").first().waitFor({ timeout: 10_000 });
      await expect.poll(() => spinner(page).count(), { timeout: 10_000 }).toBe(0);

      await context.setOffline(false);
      // Reconnecting asks again for what failed.
      await page.getByTestId("leaderboard-me").waitFor({ timeout: 15_000 });
      expect(await page.getByTestId("offline-banner").count()).toBe(0);
    } finally {
      await close();
    }
  });
});

describe("a signed-in screen, fast", () => {
  it("drawn in the browser, asks for its data with the HTML, once, and paints the app's frame before the app runs", async () => {
    const { context, page, pageErrors } = await signedInPhone();
    // Let the page learn it is signed in, as a returning user's browser has.
    await page.goto("/dashboard");
    await page.getByTestId("mining-state").waitFor();
    // Without the view facts boot.js keeps, the server leaves the screen to the browser
    // (server-drawn screens: server-render.test.ts).
    await context.clearCookies({ name: "fre_view" });

    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(`${url.pathname}${url.search}`);
    });
    // Hold the app's code back: what shows meanwhile comes from the HTML alone.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/index-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/wallet", { waitUntil: "commit" });
    // Its parts are fixed: the frame's top bar stands for it.
    const shell = page.locator("#app-shell .shell-top");
    await expect.poll(() => shell.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await shell.textContent()).toContain("FRE");
    // The screen's reads left with the HTML, before any of the app's code ran.
    await expect
      .poll(() => asked.slice().sort(), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(["/api/me", "/api/wallet", "/api/wallet/ledger?limit=20"]));
    // Its chunks are on their way too (preloaded once the frame is painted).
    const preloads = () =>
      page.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]"),
          (link) => new URL(link.href).pathname,
        ),
      );
    await expect
      .poll(async () => (await preloads()).some((path) => /^\/assets\/app-area-.*\.js$/.test(path)))
      .toBe(true);

    release();
    await page.getByTestId("wallet-balance").waitFor();
    expect(await shell.isVisible()).toBe(false);
    // Adopted by the app: nobody asked twice, and no get-session detour before /api/me.
    const count = (path: string) => asked.filter((entry) => entry === path).length;
    expect(count("/api/me")).toBe(1);
    expect(count("/api/wallet")).toBe(1);
    expect(count("/api/wallet/ledger?limit=20")).toBe(1);
    expect(count("/api/auth/get-session")).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("link previews", () => {
  it("the landing and an invitation link carry Open Graph and Twitter-card tags in French", async () => {
    const origin = baseURL();
    const landing = await (await fetch(`${origin}/`)).text();
    expect(metaOf(landing, "og:title")).toBe("FRE — Minez la monnaie numérique FRE");
    expect(metaOf(landing, "og:description")).toMatch(/^Minez la monnaie numérique FRE/);
    expect(metaOf(landing, "og:type")).toBe("website");
    expect(metaOf(landing, "og:locale")).toBe("fr_FR");
    expect(metaOf(landing, "og:url")).toBe(`${origin}/`);
    expect(metaOf(landing, "og:image")).toBe(`${origin}/og-image.png`);
    expect(metaOf(landing, "twitter:card")).toBe("summary_large_image");
    expect(metaOf(landing, "twitter:image")).toBe(`${origin}/og-image.png`);

    const invite = await (await fetch(`${origin}/register?ref=ABC123`)).text();
    expect(metaOf(invite, "og:title")).toBe("Invitation à rejoindre FRE");
    expect(metaOf(invite, "twitter:title")).toBe("Invitation à rejoindre FRE");
    expect(metaOf(invite, "og:description")).toContain("ABC123");
    expect(metaOf(invite, "og:url")).toBe(`${origin}/register?ref=ABC123`);
    expect(metaOf(invite, "og:image")).toBe(`${origin}/og-image.png`);

    // The image itself: a PNG of 1200×630.
    const image = await fetch(`${origin}/og-image.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);
  });
});
