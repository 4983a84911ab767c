/**
 * The TON Connect window in the app's dark theme (issue 34 point 12): FRE is dark only, so on a
 * device set to a light colour scheme the wallet window must not open as a white sheet over the
 * app (the widget's default follows the device).
 */
import { describe, expect, it } from "vitest";
import { newUser, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

/** Relative luminance (0 black … 1 white) of a CSS `rgb()`/`rgba()` colour. */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

describe("the TON Connect window", () => {
  it("opens dark on a device set to a light colour scheme", async () => {
    const { context, page } = await chromium.open();
    await page.emulateMedia({ colorScheme: "light" });
    await signUpInContext(context, newUser("tcdark"));
    await page.goto("/wallet");
    const connect = page
      .getByRole("button", { name: "Connecter un portefeuille", exact: true })
      .first();
    await connect.waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: light)").matches)).toBe(
      true,
    );
    await connect.click();
    const modal = page.locator("#tc-widget-root [data-tc-wallets-modal-container]").first();
    await modal.waitFor({ timeout: 20_000 });
    // The first painted background from the wallets list up: the window's own.
    const background = await modal.evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor;
        if (color && color !== "transparent" && !/rgba\(.*,\s*0\)$/.test(color)) return color;
      }
      return "";
    });
    expect(background).not.toBe("");
    expect(luminance(background), background).toBeLessThan(0.1);
  });
});
