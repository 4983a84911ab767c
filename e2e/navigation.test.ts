import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  expectAccessible,
  fillSignIn,
  linkFromMail,
  newUser,
  pathOf,
  signInInContext,
  signUpInContext,
  signUpViaApi,
  useBrowser,
} from "./support";

const chromium = useBrowser();

/** Every menu destination of a signed-in user and the heading its page shows (French). */
const DESTINATIONS = [
  ["contest", "/contest", "Concours"],
  ["shop", "/shop", "Boutique"],
  ["game", "/game", "Jeux"],
  ["fre", "/fre", "FRE"],
  ["wallet", "/wallet", "Portefeuille"],
  ["withdrawal", "/withdrawal", "Retrait"],
  ["kyc", "/kyc", "Vérification d'identité"],
  ["profile", "/profile", "Profil"],
  ["information", "/information", "Informations"],
  ["notifications", "/notifications", "Notifications"],
  ["faq", "/faq", "FAQ"],
  ["support", "/support", "Support"],
] as const;

const title = (page: Page) => page.getByTestId("page-title").textContent();

async function openMenu(page: Page) {
  await page.getByTestId("app-menu-button").click();
  const menu = page.getByTestId("app-menu");
  // The destinations follow the sheet's opening in a deferred render.
  await menu.getByTestId("menu-shop").waitFor();
  return menu;
}

/** The element's box lies inside the viewport, above the fixed bottom bar. */
async function onFirstScreen(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  const bar = await page.getByTestId("bottom-nav").boundingBox();
  if (!box || !bar) return false;
  // The bar's central button rises 1.5rem above the bar itself.
  return box.y >= 0 && box.y + box.height <= bar.y - 24;
}

describe("navigation at 390×844", () => {
  it("reaches every destination from the menu, opened on several screens", async () => {
    const { context, page, errors } = await chromium.open();
    await signUpInContext(context, newUser("nav"));
    await page.goto("/dashboard");
    await page.getByTestId("mining-state").waitFor();

    const starts = ["/dashboard", "/group", "/leaderboard"];
    for (const [index, [id, path, heading]] of DESTINATIONS.entries()) {
      // From a bottom-bar screen every third time, otherwise from the page reached before.
      if (index % 4 === 0) {
        await page.goto(starts[(index / 4) % starts.length]!);
        await page.getByTestId("page-title").waitFor();
        await expectAccessible(page);
      }
      const menu = await openMenu(page);
      expect(await menu.getByTestId("menu-admin").count()).toBe(0);
      await menu.getByTestId(`menu-${id}`).click();
      await page.waitForURL(`**${path}`);
      await expect.poll(() => title(page), { timeout: 15_000 }).toBe(heading);
      // Closed by the navigation; the page is not blank.
      expect(await menu.isVisible()).toBe(false);
      expect(((await page.locator("main").textContent()) ?? "").trim().length).toBeGreaterThan(20);
      // Each main screen passes axe (no serious or critical violation) as it first appears.
      await expectAccessible(page);
    }
    expect(errors).toEqual([]);
  });

  it("is an accessible dialog: focus inside, Escape and the backdrop close it", async () => {
    const { context, page, errors } = await chromium.open();
    await signUpInContext(context, newUser("menu"));
    await page.goto("/wallet");
    await page.getByTestId("page-title").waitFor();
    const button = page.getByTestId("app-menu-button");
    expect(await button.getAttribute("aria-expanded")).toBe("false");

    const menu = await openMenu(page);
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    // The current page is marked, focus is inside the dialog and the page behind is inert.
    expect(await menu.getByTestId("menu-wallet").getAttribute("aria-current")).toBe("page");
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
    await expectAccessible(page);

    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
      "app-menu-button",
    );

    await openMenu(page);
    await page.mouse.click(195, 40); // the dimmed page above the sheet
    await menu.waitFor({ state: "hidden" });
    expect(errors).toEqual([]);
  });

  it("offers the admin console to admins only, and the console leads back", async () => {
    const { context, page, errors } = await chromium.open();
    await signInInContext(context, inject("adminEmail"), inject("adminPassword"));
    await page.goto("/dashboard");
    await page.getByTestId("mining-state").waitFor();
    const menu = await openMenu(page);
    await menu.getByTestId("menu-admin").click();
    await page.waitForURL("**/admin");

    const form = page.getByTestId("admin-code-form");
    await form.getByLabel("Code d'accès").fill(inject("adminCode"));
    await form.getByRole("button", { name: "Valider" }).click();
    // Support has its own section, and the home counts the tickets waiting for an answer.
    await expect.poll(() => page.getByTestId("admin-open-support").textContent()).toMatch(/^\d+$/);
    // On a phone the console's menu opens from the header's button (decision 0057).
    const console = page.getByRole("navigation", { name: "Navigation d'administration" });
    await page.getByTestId("admin-menu-button").click();
    await console.getByRole("link", { name: "Support" }).click();
    await page.waitForURL("**/admin/support");
    await expect.poll(() => title(page)).toBe("Support");
    await page.getByTestId("admin-support-tickets").waitFor();

    // A "saved" note belongs to the form last used: editing another form clears it.
    await page.getByTestId("admin-menu-button").click();
    await console.getByRole("link", { name: "Messages" }).click();
    await page.waitForURL("**/admin/messages");
    const global = page.getByTestId("admin-global-message-form");
    const save = global.getByRole("button", { name: "Enregistrer" });
    // Filled once the current message has loaded (loading it refills the fields).
    await expect.poll(() => save.isEnabled()).toBe(true);
    await global.getByLabel("Titre").fill(`Essai ${Date.now()}`);
    await global.getByLabel("Contenu").fill("Message d'essai, jamais affiché.");
    await global.getByLabel("Message actif").setChecked(false);
    await save.click();
    const saved = global.getByRole("status").filter({ hasText: "enregistré" });
    await saved.waitFor();
    await page.getByTestId("admin-information-form").getByLabel("Titre").fill("Brouillon");
    await saved.waitFor({ state: "detached" });

    await page.getByRole("link", { name: "Retour à l'application" }).click();
    await page.waitForURL("**/dashboard");
    expect(errors).toEqual([]);
  });

  it("first run: verification first, the start button on screen, the push offer after", async () => {
    const { context, page, errors } = await chromium.open();
    const user = newUser("first");
    await signUpInContext(context, user);
    await page.goto("/dashboard");
    await page.getByTestId("mining-state").waitFor();
    const banner = await page.getByTestId("verify-banner").boundingBox();
    const panel = await page.getByTestId("mining-state").boundingBox();
    expect(banner && panel && banner.y < panel.y).toBe(true);
    expect(await onFirstScreen(page, "mining-start")).toBe(true);
    expect(await page.getByTestId("push-banner").count()).toBe(0);

    // The link opened in this browser: said once.
    const link = new URL(await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/));
    await page.goto(link.pathname + link.search);
    await page.waitForURL("**/dashboard");
    await page.getByTestId("verified-notice").getByText("Votre e-mail est vérifié").waitFor();
    expect(await page.getByTestId("verify-banner").count()).toBe(0);
    expect(await onFirstScreen(page, "mining-start")).toBe(true);
    expect(await page.getByTestId("push-banner").count()).toBe(0);
    await page.reload();
    await page.getByTestId("mining-state").waitFor();
    expect(await page.getByTestId("verified-notice").count()).toBe(0);

    await page.getByTestId("mining-start").click();
    await expect
      .poll(() => page.getByTestId("mining-state").getAttribute("data-state"))
      .toBe("active");
    // Offered now, below the mining panel (where this browser can take push at all).
    const pushable = await page.evaluate(() => "PushManager" in window && "Notification" in window);
    if (pushable) {
      await page.getByTestId("push-banner").waitFor();
      const offer = await page.getByTestId("push-banner").boundingBox();
      const after = await page.getByTestId("mining-state").boundingBox();
      expect(offer && after && offer.y > after.y + after.height).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it("lets visitors read the FAQ; a signed-in page it links to goes through sign-in", async () => {
    const user = newUser("faq");
    await signUpViaApi(user);
    const { page, errors } = await chromium.open();
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL("**/faq");
    await expect.poll(() => title(page)).toBe("FAQ");
    expect(await page.getByTestId("bottom-nav").count()).toBe(0);
    expect(await page.getByTestId("faq-list").locator("details").count()).toBeGreaterThan(5);

    const contest = page.locator("details#contest");
    await contest.locator("summary").click();
    await contest.getByRole("link").first().click();
    await page.waitForURL("**/login");
    await fillSignIn(page, user.email, user.password);
    await page.waitForURL("**/contest");
    expect(pathOf(page)).toBe("/contest");
    await expect.poll(() => title(page)).toBe("Concours");

    // Signed in, the same FAQ opens in the app, with its menu and bottom bar.
    await page.goto("/faq");
    await page.getByTestId("bottom-nav").waitFor();
    await page.getByTestId("app-menu-button").waitFor();
    expect(errors).toEqual([]);
  });
});
