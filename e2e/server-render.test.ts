import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseURL,
  linkFromMail,
  miningStartHeaders,
  newUser,
  REFUSED_CONSENT,
  signUpInContext,
  useBrowser,
} from "./support";

const chromium = useBrowser();

/**
 * A phone without a service worker (a worker answers screens from its cache, which the server
 * never draws) whose console errors and warnings are collected.
 */
async function phoneWithoutWorker(options: { javaScriptEnabled?: boolean } = {}) {
  const context = await chromium.browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "fr-FR",
    serviceWorkers: "block",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  chromium.contexts.push(context);
  await context.addInitScript((consent) => {
    try {
      localStorage.setItem("fre.cookieConsent", consent);
    } catch {
      // about:blank has no storage
    }
    // The node the server drew, kept before the app starts, to compare after hydration.
    document.addEventListener("DOMContentLoaded", () => {
      (window as { drawnNode?: Element | null }).drawnNode =
        document.querySelector("[data-drawn-check]") ??
        document.querySelector("main h1, main [data-testid=page-title]");
    });
  }, JSON.stringify(REFUSED_CONSENT));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    // A visitor's 401s are how the app learns it must sign in.
    if (/Failed to load resource: the server responded with a status of 401/.test(text)) return;
    if (message.type() === "error") problems.push(text);
    if (message.type() === "warning" && /Server render|hydrat/i.test(text)) problems.push(text);
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { context, page, problems };
}

/** The page's HTML as the server sent it, and whether it came drawn. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  const html = (await response?.text()) ?? "";
  return { html, drawn: html.includes('<div id="root" data-ssr inert>') };
}

/** True once React has taken over the server's node rather than drawing a new one. */
const sameNodeAfterHydration = (page: Page) =>
  page.evaluate(() => {
    const kept = (window as { drawnNode?: Element | null }).drawnNode;
    return kept?.isConnected === true;
  });

describe("server-drawn screens", () => {
  it("arrive drawn with the user's data, are hydrated in place and stay live", async () => {
    const { context, page, problems } = await phoneWithoutWorker();
    const user = newUser("ssr");
    await signUpInContext(context, user);
    // The first signed-in page the browser opens writes its view facts; the verification link
    // leads to the dashboard.
    const link = new URL(await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/));
    await page.goto(link.pathname + link.search);
    await page.waitForURL("**/dashboard");
    const started = await context.request.post("/api/mining/start", {
      data: {},
      headers: { origin: baseURL(), ...(await miningStartHeaders()) },
    });
    expect(started.ok()).toBe(true);
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === "fre_view"))
      .toBe(true);

    // /dashboard: the running session is in the HTML itself…
    const dashboard = await open(page, "/dashboard");
    expect(dashboard.drawn).toBe(true);
    expect(dashboard.html).toContain('data-state="active"');
    expect(dashboard.html).toContain(user.nickname);
    // …and the app adopts it: the same nodes, then the counter moves.
    await expect
      .poll(() => page.getByTestId("mining-state").getAttribute("data-state"))
      .toBe("active");
    await expect.poll(() => sameNodeAfterHydration(page)).toBe(true);
    const earnings = () => page.getByTestId("mining-earnings").getAttribute("data-value");
    const first = await earnings();
    await expect.poll(earnings, { timeout: 10_000 }).not.toBe(first);
    // The drawn screen was painted before the app's code was asked for.
    const order = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
      const entry = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((r) => r.initiatorType === "script" && /\/assets\/index-[\w-]+\.js$/.test(r.name))
        .map((r) => r.startTime)[0];
      return { paint, entry };
    });
    expect(order.paint, "first paint").toBeGreaterThan(0);
    expect(order.entry, "the app's entry, after the first paint").toBeGreaterThanOrEqual(
      order.paint ?? Number.POSITIVE_INFINITY,
    );
    // Interactive: the menu opens.
    await page.getByRole("button", { name: /^Menu/ }).click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);

    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(`${url.pathname}${url.search}`);
    });
    for (const [path, testId] of [
      ["/leaderboard", "leaderboard-top"],
      ["/wallet", "wallet-balance"],
    ] as const) {
      const screen = await open(page, path);
      expect(screen.drawn, path).toBe(true);
      await expect.poll(() => page.getByTestId(testId).isVisible()).toBe(true);
      await expect.poll(() => sameNodeAfterHydration(page)).toBe(true);
    }
    // The server's answers were adopted: the browser asked none of them again.
    for (const read of [
      "/api/me",
      "/api/leaderboard",
      "/api/wallet",
      "/api/wallet/ledger?limit=20",
    ]) {
      expect(asked, read).not.toContain(read);
    }
    expect(problems).toEqual([]);
  });

  it("is readable with JavaScript off, and a visitor still goes to the sign-in", async () => {
    const { context, page, problems } = await phoneWithoutWorker();
    const user = newUser("ssrnojs");
    await signUpInContext(context, user);
    await page.goto("/profile");
    await page.getByTestId("page-title").waitFor();
    await expect
      .poll(async () => (await context.cookies()).some((c) => c.name === "fre_view"))
      .toBe(true);
    const cookies = await context.cookies();

    const noScript = await phoneWithoutWorker({ javaScriptEnabled: false });
    await noScript.context.addCookies(cookies);
    const screen = await open(noScript.page, "/leaderboard");
    expect(screen.drawn).toBe(true);
    expect(await noScript.page.getByRole("heading", { level: 1 }).textContent()).toBe("Classement");

    const visitor = await phoneWithoutWorker();
    await visitor.context.addCookies(cookies.filter((cookie) => cookie.name === "fre_view"));
    const anonymous = await open(visitor.page, "/dashboard");
    expect(anonymous.drawn).toBe(false);
    await visitor.page.waitForURL("**/login");
    expect([...problems, ...visitor.problems]).toEqual([]);
  });
});
