import { describe, expect, it } from "vitest";
import { newUser, phone, signUpInContext, useBrowser } from "./support";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const chromium = useBrowser();

declare global {
  interface Window {
    installPrompts?: number;
  }
}

describe("installing the app", () => {
  it("shows the browser's install prompt from the button, once, and confirms the install", async () => {
    const { context, page, errors } = await phone(chromium.browser, { skipCookieBanner: true });
    await signUpInContext(context, newUser("inst"));
    await page.goto("/profile");
    const section = page.getByTestId("install-app");
    await expect.poll(() => section.textContent()).toContain("Si votre navigateur le propose");
    expect(await page.getByTestId("install-button").count()).toBe(0);

    // Chromium fires `beforeinstallprompt` when it judges the app installable (the PWA test
    // checks it has no installability error); headless Chromium never does, so the test fires
    // the browser's event itself: cancelable, with prompt() and userChoice.
    await page.evaluate(() => {
      window.installPrompts = 0;
      const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: async () => {
          window.installPrompts = (window.installPrompts ?? 0) + 1;
        },
        userChoice: Promise.resolve({ outcome: "accepted", platform: "web" }),
      });
      window.dispatchEvent(event);
      if (!event.defaultPrevented) throw new Error("the app must keep the event for later");
    });
    const button = page.getByTestId("install-button");
    await expect.poll(() => button.textContent()).toBe("Installer FRE");
    await button.click();
    await expect.poll(() => page.evaluate(() => window.installPrompts)).toBe(1);
    // A prompt can be shown once: the button goes away after use.
    await expect.poll(() => button.count()).toBe(0);

    await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
    await expect.poll(() => section.textContent()).toContain("FRE est installée sur cet appareil.");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("explains Add to Home Screen on iPhone Safari, where no install prompt exists", async () => {
    const { context, page, errors } = await phone(chromium.browser, {
      skipCookieBanner: true,
      userAgent: IPHONE_SAFARI,
    });
    await signUpInContext(context, newUser("ios"));
    await page.goto("/profile");
    const steps = page.getByTestId("ios-install-steps");
    await expect.poll(() => steps.count()).toBe(1);
    expect(await steps.locator("li").allTextContents()).toEqual([
      "Touchez le bouton Partager (le carré avec une flèche vers le haut).",
      "Choisissez «\u00a0Sur l'écran d'accueil\u00a0».",
      "Touchez «\u00a0Ajouter\u00a0» : FRE apparaît avec les autres applications.",
    ]);
    expect(await steps.getByRole("heading").textContent()).toBe("Sur iPhone ou iPad (Safari)");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says the app is installed when it is opened from the iPhone home screen", async () => {
    const { context, page, errors } = await phone(chromium.browser, {
      skipCookieBanner: true,
      userAgent: IPHONE_SAFARI,
    });
    // Safari tells a home-screen launch by `navigator.standalone`; Chromium has no such flag.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "standalone", { get: () => true });
    });
    await signUpInContext(context, newUser("sta"));
    await page.goto("/profile");
    const section = page.getByTestId("install-app");
    await expect.poll(() => section.textContent()).toContain("FRE est installée sur cet appareil.");
    expect(await page.getByTestId("ios-install-steps").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
