/**
 * Feature switches and maintenance mode (issue 21 point 7), in Chromium: an admin starts a
 * maintenance from /admin/security and a user's open app gives way to the maintenance page
 * (with the admin's message), then comes back when it ends; the games switched off show their
 * « temporairement indisponible » state. Everything is switched back on at the end whatever
 * happens (the e2e files share one server).
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { baseURL, elevateAdmin, newUser, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();
let bossPage: Page | null = null;

const ALL_ON = { games: true, shop: true, referrals: true, maintenance: { active: false } };

/** Console errors but the API's expected refusals (503 while a switch is off). */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/status of (401|503)/.test(e) && !/FEATURE_DISABLED|MAINTENANCE/.test(e));

/** Repeats `act` (a reload, « Vérifier maintenant ») until `shown` — the answer may be a few
 * seconds in the browser's cache (`GET /api/features` is public, max-age=5). */
async function until(shown: () => Promise<boolean>, act: () => Promise<unknown>) {
  await expect
    .poll(
      async () => {
        if (await shown()) return true;
        await act();
        return shown();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
}

/** Flips one switch of the panel through its confirmation dialog. */
async function confirmSwitch(page: Page, testId: string, title: string, done: string) {
  await page.getByTestId(testId).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText(title).waitFor();
  await dialog.getByRole("button", { name: "Confirmer" }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.getByTestId("features-panel").getByText(done).waitFor();
}

// Runs before useBrowser's own afterAll (vitest runs them in reverse order): bossPage is open.
afterAll(async () => {
  if (bossPage) {
    await bossPage.request.put("/api/admin/features", {
      data: ALL_ON,
      headers: { origin: baseURL() },
    });
  }
});

describe("feature switches and maintenance", () => {
  // Four waits for the public switches' answer to leave the browser's cache (max-age 5 s, up to
  // 30 s each on a loaded machine): more than the suite's 90 s default may pass.
  it("an admin's maintenance replaces a user's app, then gives it back; games off say so", {
    timeout: 180_000,
  }, async () => {
    // The user, signed in, with the app open.
    const user = await chromium.open();
    await signUpInContext(user.context, newUser("maint"));
    await user.page.goto("/dashboard");
    await expect.poll(() => user.page.getByTestId("page-title").textContent()).toBe("Minage");

    // The admin, elevated, on /admin/security.
    const boss = await chromium.open();
    bossPage = boss.page;
    await elevateAdmin(boss.context);
    await boss.page.goto("/admin/security");
    const panel = boss.page.getByTestId("features-panel");
    await panel.getByText("Fonctionnalités et maintenance").waitFor();

    // Maintenance on, with a message.
    await panel.getByLabel("Message aux utilisateurs (facultatif)").fill("Retour vers 14 h.");
    await confirmSwitch(
      boss.page,
      "feature-switch-maintenance",
      "Activer la maintenance ?",
      "La maintenance est active.",
    );

    // The user's app gives way to the maintenance page, with the admin's words.
    const maintenance = user.page.getByTestId("maintenance-screen");
    await until(
      () => maintenance.isVisible(),
      () => user.page.reload(),
    );
    await user.page.getByRole("heading", { name: "FRE est en maintenance" }).waitFor();
    expect(await user.page.getByTestId("maintenance-message").textContent()).toBe(
      "Retour vers 14 h.",
    );
    // Readable on a phone: nothing wider than the screen.
    expect(
      await user.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // The admin keeps the whole app meanwhile.
    await boss.page.goto("/dashboard");
    await expect.poll(() => boss.page.getByTestId("page-title").textContent()).toBe("Minage");
    expect(await boss.page.getByTestId("maintenance-screen").count()).toBe(0);
    // …under a banner on every page that says users are locked out, with the way to the switch.
    for (const path of ["/dashboard", "/admin", "/wallet"]) {
      if (path !== "/dashboard") await boss.page.goto(path);
      const banner = boss.page.getByTestId("maintenance-banner");
      await banner.waitFor({ timeout: 20_000 });
      expect(await banner.textContent()).toContain(
        "Maintenance en cours : les utilisateurs ne peuvent pas",
      );
    }
    await boss.page
      .getByTestId("maintenance-banner")
      .getByRole("link", { name: "Gérer la maintenance" })
      .click();
    await boss.page.waitForURL("**/admin/security");
    await boss.page.getByTestId("features-panel").waitFor();

    // Maintenance off: the user's page comes back (it checks every minute, or at once here).
    await boss.page.goto("/admin/security");
    await confirmSwitch(
      boss.page,
      "feature-switch-maintenance",
      "Terminer la maintenance ?",
      "La maintenance est terminée.",
    );
    await until(
      async () => (await user.page.getByTestId("page-title").textContent()) === "Minage",
      () => user.page.getByRole("button", { name: "Vérifier maintenant" }).click(),
    );
    expect(await maintenance.count()).toBe(0);
    // The maintenance over, the admin's banner goes too.
    await boss.page.goto("/dashboard");
    await expect.poll(() => boss.page.getByTestId("page-title").textContent()).toBe("Minage");
    await expect.poll(() => boss.page.getByTestId("maintenance-banner").count()).toBe(0);
    await boss.page.goto("/admin/security");

    // Games off: the games screen says they are unavailable (a link kept elsewhere leads there);
    // the menu no longer offers Jeux nor Machine FRE.
    await confirmSwitch(
      boss.page,
      "feature-switch-games",
      "Confirmer le changement",
      "Changement enregistré ; il s'applique déjà.",
    );
    const unavailable = user.page.getByTestId("feature-unavailable");
    await until(
      () => unavailable.isVisible(),
      () => user.page.goto("/game"),
    );
    await user.page.getByRole("heading", { name: "Jeux temporairement indisponibles" }).waitFor();
    await user.page.getByTestId("app-menu-button").click();
    const menu = user.page.getByTestId("app-menu");
    await menu.getByTestId("menu-shop").waitFor();
    expect(await menu.getByTestId("menu-game").count()).toBe(0);
    expect(await menu.getByTestId("menu-fre").count()).toBe(0);
    expect(await menu.getByText("Machine FRE").count()).toBe(0);
    await user.page.keyboard.press("Escape");

    // Back on: the games screen shows again.
    await confirmSwitch(
      boss.page,
      "feature-switch-games",
      "Confirmer le changement",
      "Changement enregistré ; il s'applique déjà.",
    );
    await until(
      async () =>
        (await unavailable.count()) === 0 &&
        (await user.page.getByTestId("page-title").count()) > 0,
      () => user.page.reload(),
    );
    // …and the menu offers them again.
    await user.page.getByTestId("app-menu-button").click();
    await user.page.getByTestId("app-menu").getByTestId("menu-fre").waitFor();
    expect(await user.page.getByTestId("app-menu").getByTestId("menu-game").count()).toBe(1);
    await user.page.keyboard.press("Escape");

    expect(unexpected(user.errors)).toEqual([]);
    expect(unexpected(boss.errors)).toEqual([]);
  });
});
