import { COOKIE_BANNER_DELAY_MS } from "@fre/shared";
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { me, newUser, type phone, signInInContext, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();
/** A language switch loads the other catalogs first: seconds on a loaded CI machine. */
const SWITCHED = { timeout: 15_000 };

/** A phone that shows the cookie banner unless told otherwise. */
function open(options: Parameters<typeof phone>[1] = {}) {
  return chromium.open(options);
}

const title = (page: Page) => page.getByTestId("page-title").textContent();
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const stored = (page: Page, key: string) =>
  page.evaluate((name) => localStorage.getItem(name), key);
const storedConsent = async (page: Page) =>
  JSON.parse((await stored(page, "fre.cookieConsent")) ?? "null") as Record<string, boolean> | null;
const hydrated = (page: Page) => page.locator("#root:not([inert])").waitFor({ state: "attached" });

/**
 * Loads a page (`load`) whose stored cookie decision must keep the banner away, then runs the
 * page's clock (installed on its context beforehand) past the banner delay instead of waiting
 * for it, and checks the banner never came: not in the page, its lazy chunk never even asked for.
 */
async function expectNoBanner(page: Page, load: () => Promise<unknown>) {
  const asked: string[] = [];
  const onRequest = (request: Request) => {
    if (/\/assets\/cookie-banner-[^/]+\.js$/.test(new URL(request.url()).pathname)) {
      asked.push(request.url());
    }
  };
  page.on("request", onRequest);
  try {
    await load();
    await hydrated(page);
    // Fires the banner's timer, had the page set one.
    await page.clock.runFor(2 * COOKIE_BANNER_DELAY_MS);
    // React renders the timer's state change in its scheduler's tasks (posted messages): once
    // messages posted after them came back, a banner due would have asked for its chunk.
    await page.evaluate(async () => {
      for (let i = 0; i < 3; i++) {
        await new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        });
      }
    });
    expect(asked).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { bannerShownAt?: number }).bannerShownAt),
    ).toBeUndefined();
    expect(await page.getByTestId("cookie-banner").count()).toBe(0);
  } finally {
    page.off("request", onRequest);
  }
}

describe("language", () => {
  it("switches the signed-in app to English, keeps it on reload and on the profile, and back", async () => {
    const { context, page, errors } = await open({ skipCookieBanner: true });
    const user = newUser("lang");
    await signUpInContext(context, user);

    await page.goto("/dashboard");
    await expect.poll(() => title(page), SWITCHED).toBe("Minage");
    expect(await htmlLang(page)).toBe("fr");
    const nav = page.getByTestId("bottom-nav");
    await nav.getByRole("link", { name: "Classement" }).waitFor();

    await page.getByTestId("language-picker").selectOption("en");
    await expect.poll(() => title(page), SWITCHED).toBe("Mining");
    await nav.getByRole("link", { name: "Leaderboard" }).waitFor();
    await page.getByRole("heading", { name: "Verify your e-mail address" }).waitFor();
    await page.getByText(`Welcome, ${user.nickname}!`).waitFor();
    expect(await htmlLang(page)).toBe("en");
    expect(await stored(page, "fre.language")).toBe("en");
    await expect.poll(async () => (await me(page)).language).toBe("en");

    await page.reload();
    await expect.poll(() => title(page), SWITCHED).toBe("Mining");
    await page.getByText(`Welcome, ${user.nickname}!`).waitFor();
    expect(await htmlLang(page)).toBe("en");
    expect(await page.getByTestId("language-picker").inputValue()).toBe("en");

    // Another device signing in to the same account follows the profile's language.
    const other = await open({ skipCookieBanner: true });
    await signInInContext(other.context, user.email, user.password);
    await other.page.goto("/dashboard");
    await expect.poll(() => title(other.page), SWITCHED).toBe("Mining");
    expect(await htmlLang(other.page)).toBe("en");
    expect(other.errors).toEqual([]);

    // Back to French.
    await page.getByTestId("language-picker").selectOption("fr");
    await expect.poll(() => title(page), SWITCHED).toBe("Minage");
    await nav.getByRole("link", { name: "Classement" }).waitFor();
    expect(await htmlLang(page)).toBe("fr");
    expect(await stored(page, "fre.language")).toBe("fr");
    await expect.poll(async () => (await me(page)).language).toBe("fr");

    expect(errors).toEqual([]);
  });
});

describe("cookie choices", () => {
  it("shows the banner 1 s after load, stores customised choices, reopens them, refuses", async () => {
    const { context, page, errors } = await open();
    const banner = page.getByTestId("cookie-banner");
    // Record when the banner first enters the DOM, in ms since navigation start.
    await context.addInitScript(() => {
      const record = window as unknown as { bannerShownAt?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="cookie-banner"]')) {
          record.bannerShownAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });

    await page.goto("/");
    await hydrated(page);
    await banner.waitFor({ timeout: 5000 });
    const shownAt = await page.evaluate(
      () => (window as unknown as { bannerShownAt?: number }).bannerShownAt ?? -1,
    );
    expect(shownAt).toBeGreaterThanOrEqual(1000);
    expect(shownAt).toBeLessThan(4000);
    expect(await banner.getAttribute("role")).toBe("dialog");
    // Nothing can be closed before a decision.
    expect(await banner.getByRole("button", { name: "Fermer" }).count()).toBe(0);

    await banner.getByRole("button", { name: "Personnaliser" }).click();
    const necessary = banner.getByRole("switch", { name: "Nécessaires" });
    const analytics = banner.getByRole("switch", { name: "Analytiques" });
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    expect(await analytics.isChecked()).toBe(false);
    await analytics.check();
    expect(await analytics.isChecked()).toBe(true);
    await banner.getByRole("button", { name: "Enregistrer mes choix" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await storedConsent(page)).toEqual({
      necessary: true,
      functional: false,
      analytics: true,
      advertising: false,
    });

    // The decision holds across a reload: the banner does not come back. From here on the
    // page's timers run on a clock the test moves.
    await context.clock.install();
    await expectNoBanner(page, () => page.reload());

    // The privacy settings button reopens it with the stored choices.
    await page.getByTestId("privacy-settings").click();
    await banner.waitFor();
    await banner.getByRole("button", { name: "Fermer" }).waitFor();
    await banner.getByRole("button", { name: "Personnaliser" }).click();
    expect(await banner.getByRole("switch", { name: "Analytiques" }).isChecked()).toBe(true);
    expect(await banner.getByRole("switch", { name: "Fonctionnels" }).isChecked()).toBe(false);
    await banner.getByRole("button", { name: "Retour" }).click();
    await banner.getByRole("button", { name: "Refuser" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await storedConsent(page)).toEqual({
      necessary: true,
      functional: false,
      analytics: false,
      advertising: false,
    });

    await expectNoBanner(page, () => page.reload());
    expect((await storedConsent(page))?.analytics).toBe(false);

    expect(errors).toEqual([]);
  });

  it("saves a signed-in user's choices on the profile, which another device adopts", async () => {
    const { context, page, errors } = await open();
    const user = newUser("cookie");
    await signUpInContext(context, user);
    expect((await me(page)).cookieConsent).toBeNull();

    await page.goto("/dashboard");
    const banner = page.getByTestId("cookie-banner");
    await banner.waitFor({ timeout: 5000 });
    await banner.getByRole("button", { name: "Personnaliser" }).click();
    await banner.getByRole("switch", { name: "Fonctionnels" }).check();
    await banner.getByRole("switch", { name: "Publicitaires" }).check();
    await banner.getByRole("button", { name: "Enregistrer mes choix" }).click();
    await banner.waitFor({ state: "detached" });
    const chosen = { necessary: true, functional: true, analytics: false, advertising: true };
    await expect.poll(async () => (await me(page)).cookieConsent).toEqual(chosen);

    // A new device (nothing stored locally) signed in to the account never asks again.
    const other = await open();
    await signInInContext(other.context, user.email, user.password);
    await other.context.clock.install();
    await expectNoBanner(other.page, async () => {
      await other.page.goto("/dashboard");
      await expect.poll(() => title(other.page), SWITCHED).toBe("Minage");
      await expect.poll(() => storedConsent(other.page)).toEqual(chosen);
    });
    expect(other.errors).toEqual([]);

    // Refusing later from the privacy settings updates the profile too.
    await page.getByTestId("privacy-settings").click();
    await banner.getByRole("button", { name: "Refuser" }).click();
    await banner.waitFor({ state: "detached" });
    await expect
      .poll(async () => (await me(page)).cookieConsent)
      .toEqual({
        necessary: true,
        functional: false,
        analytics: false,
        advertising: false,
      });

    expect(errors).toEqual([]);
  });
});
