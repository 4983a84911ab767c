import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, newUser, phone, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

const hydrated = (page: Page) => page.locator("#root:not([inert])").waitFor({ state: "attached" });

describe("accessibility (axe: no serious or critical violation)", () => {
  it("public pages, with the cookie banner open", async () => {
    const { context, page, errors } = await phone(chromium.browser);
    chromium.contexts.push(context);
    for (const [path, title] of [
      ["/", null],
      ["/login", "Connexion"],
      ["/register", "Créer un compte"],
    ] as const) {
      await page.goto(path);
      await hydrated(page);
      if (title) await expect.poll(() => page.getByTestId("page-title").textContent()).toBe(title);
      // The banner is part of what a first-time visitor meets.
      await page.getByTestId("cookie-banner").waitFor();
      // Let the banner's entrance animation end so colours are measured at rest.
      await page.getByTestId("cookie-banner").evaluate((banner) =>
        Promise.all(
          banner
            .getAnimations({ subtree: true })
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished),
        ),
      );
      await expectAccessible(page);
    }
    expect(errors).toEqual([]);
  });

  it("the signed-in shell: /dashboard and /profile", async () => {
    const { context, page, errors } = await chromium.open();
    const user = newUser("a11y");
    await signUpInContext(context, user);
    await page.goto("/dashboard");
    await page.getByText(`Bienvenue, ${user.nickname} !`).waitFor();
    await page.getByTestId("verify-banner").waitFor();
    await page.getByTestId("bottom-nav").waitFor();
    await expectAccessible(page);

    await page.getByTestId("profile-link").click();
    await page.waitForURL("**/profile");
    await page.getByTestId("referral-code").waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});
