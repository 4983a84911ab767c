import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, newUser, persistentPhone, pushToServiceWorker, signUpInContext } from "./support";

// A persistent profile: Chromium reports every context of `browser.newContext()` as
// incognito, which is itself an installability error.
let context: BrowserContext;
let page: Page;
let errors: string[];

let close: () => Promise<void>;
beforeAll(async () => {
  ({ context, page, errors, close } = await persistentPhone("pwa"));
  await signUpInContext(context, newUser("pwa"));
});

afterAll(async () => close?.());

describe("PWA", () => {
  it("serves a complete manifest", async () => {
    const response = await context.request.get("/manifest.webmanifest");
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: "FRE — Minage",
      short_name: "FRE",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      lang: "fr",
      theme_color: "#0a0d16",
      background_color: "#0a0d16",
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: "192x192", purpose: "any" }),
        expect.objectContaining({ sizes: "512x512", purpose: "any" }),
        expect.objectContaining({ sizes: "512x512", purpose: "maskable" }),
      ]),
    );
    for (const icon of icons) {
      expect((await context.request.get(icon.src)).status()).toBe(200);
    }
    const sw = await context.request.get("/sw.js");
    expect(sw.headers()["cache-control"]).toBe("no-cache");
  });

  it("registers a service worker that controls the app, with no installability error", async () => {
    await page.goto("/dashboard");
    await page.getByTestId("mining-state").waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${baseURL()}/sw.js`,
    );
    // The shell is precached, admin screens are not.
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((name) => name.startsWith("fre-shell-")) ?? "");
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(cached).toContain("/offline.html");
    // The daily screens (dashboard, leaderboard, wallet) share one chunk.
    expect(cached.some((path) => /^\/assets\/app-area-.*\.js$/.test(path))).toBe(true);
    expect(cached.some((path) => /^\/assets\/admin-.*-page-/.test(path))).toBe(false);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const { errors: manifestErrors } = await cdp.send("Page.getAppManifest");
    expect(manifestErrors).toEqual([]);
    await cdp.detach();
  });

  it("opens a screen offline from its cache and says it is offline, then comes back once online", async () => {
    await context.setOffline(true);
    try {
      // The app itself comes from the worker's cache; its data cannot: the offline notice
      // (the offline page is for files the worker does not keep).
      await page.reload();
      await page.getByTestId("offline-notice").waitFor();
      await expect.poll(() => page.getByTestId("offline-banner").isVisible()).toBe(true);
    } finally {
      await context.setOffline(false);
    }
    // The notice reloads the screen on the `online` event.
    await page.getByTestId("mining-state").waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    // Offline, the browser logs each request it could not send: expected here, and only here.
    const unexpected = errors.filter((text) => !/net::ERR_INTERNET_DISCONNECTED/.test(text));
    expect(unexpected).toEqual([]);
    errors.length = 0;
  });

  it("displays push notifications tagged by type and lists them", async () => {
    await context.grantPermissions(["notifications"], { origin: baseURL() });
    // Delivered as a real push event to the worker (its `push` handler builds the notification).
    const shown = await pushToServiceWorker(context, page, {
      type: "mining_session_end",
      title: "Session de minage terminée",
      message: "Relancez le minage.",
      target: "/",
    });
    expect(shown).toContainEqual({
      title: "Session de minage terminée",
      body: "Relancez le minage.",
      tag: "mining_session_end",
      requireInteraction: true,
      target: "/dashboard",
    });
    expect(errors).toEqual([]);
  });
});
