/**
 * The review queue (issue 25 point 3, decision 0045): two accounts opened in one browser share a
 * device; an elevated admin at 390 px lowers the shared-device threshold on /admin/risk, runs the
 * scoring now, opens /admin/users?risk=high, finds one of them, reads the reasons and the
 * cluster, and withholds its referral bonuses. Every screen is axe-clean and fits the phone. The
 * settings are put back afterwards (and every score cleared) for the files that follow.
 */
import type { RiskSettings } from "@fre/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseURL,
  elevateAdmin,
  expectAccessible,
  newUser,
  signUpInContext,
  useBrowser,
} from "./support";

const chromium = useBrowser();

const fitsThePhone = async (page: Page) =>
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);

const origin = () => ({ origin: baseURL() });

/** Puts `settings` back; every score goes back to low first (no weight, one run). */
async function restore(page: Page, settings: RiskSettings) {
  const silent: RiskSettings = {
    ...settings,
    weights: Object.fromEntries(
      Object.keys(settings.weights).map((code) => [code, 0]),
    ) as RiskSettings["weights"],
  };
  expect(
    (
      await page.request.put("/api/admin/risk/settings", { data: silent, headers: origin() })
    ).status(),
  ).toBe(200);
  expect((await page.request.post("/api/admin/risk/run", { headers: origin() })).status()).toBe(
    200,
  );
  expect(
    (
      await page.request.put("/api/admin/risk/settings", { data: settings, headers: origin() })
    ).status(),
  ).toBe(200);
}

describe("admin risk review", () => {
  it("an admin finds a flagged account in the queue, reads why, and withholds its bonuses", async () => {
    // Two accounts opened one after the other in the same browser: one device id.
    const farm = await chromium.open();
    const first = newUser("farma");
    const second = newUser("farmb");
    await signUpInContext(farm.context, first);
    await signUpInContext(farm.context, second);

    const boss = await chromium.open();
    const { page } = boss;
    await elevateAdmin(boss.context);
    const before = (await (
      await page.request.get("/api/admin/risk/settings")
    ).json()) as RiskSettings;

    try {
      // /admin/risk, from the console's menu: a shared device on 2 accounts weighs 100 points.
      await page.goto("/admin");
      await page.getByTestId("admin-menu-button").click();
      await page
        .getByRole("navigation", { name: "Navigation d'administration" })
        .getByRole("link", { name: "Risque de fraude" })
        .click();
      await page.waitForURL("**/admin/risk");
      const form = page.getByTestId("risk-settings-form");
      await form.waitFor();
      await form.getByLabel("Appareil partagé", { exact: true }).fill("100");
      await form
        .getByLabel("Appareil partagé : nombre minimal de comptes sur un même appareil")
        .fill("2");
      await form.getByRole("button", { name: "Enregistrer les réglages" }).click();
      await page.getByText("Réglages enregistrés : ils s'appliquent au prochain calcul.").waitFor();
      const saved = (await (
        await page.request.get("/api/admin/risk/settings")
      ).json()) as RiskSettings;
      expect(saved.weights.shared_device).toBe(100);
      expect(saved.deviceAccounts).toBe(2);

      await page.getByRole("button", { name: "Calculer maintenant" }).click();
      const result = page.getByTestId("risk-run-result");
      await result.waitFor();
      const counts = (await result.textContent())?.match(/à examiner : (\d+)/);
      expect(Number(counts?.[1])).toBeGreaterThanOrEqual(2);
      await fitsThePhone(page);
      await expectAccessible(page);

      // The queue opens from its link, the flagged account in it with its level in words.
      await page.goto("/admin/users?risk=high");
      const filter = page.getByTestId("admin-users-risk-filter");
      await expect
        .poll(() => filter.getByRole("link", { name: "À examiner" }).getAttribute("aria-current"))
        .toBe("page");
      const row = page.getByTestId("admin-user-row").filter({ hasText: first.email });
      await row.waitFor();
      expect(await row.getByTestId("admin-user-risk").textContent()).toMatch(
        /^Risque élevé · \d+$/,
      );
      await fitsThePhone(page);
      await expectAccessible(page);

      // The user page: the reason as a sentence, the other account in the cluster.
      await row.click();
      await page.waitForURL("**/admin/users/*");
      const section = page.getByTestId("admin-user-risk-section");
      const reasons = section.getByTestId("admin-user-risk-reasons");
      await reasons.getByText("Appareil partagé : 2 comptes sur le même appareil").waitFor();
      const cluster = section.getByTestId("admin-user-risk-cluster");
      await cluster.getByRole("link", { name: second.nickname }).waitFor();
      const peer = cluster.getByRole("listitem").filter({ hasText: second.nickname });
      expect(await peer.textContent()).toMatch(/Signaux partagés : [^·]*Appareil partagé/);
      await fitsThePhone(page);
      await expectAccessible(page);

      // Withhold the referral bonuses, confirmed: the button turns into its reversal.
      await section.getByRole("button", { name: "Retenir les bonus de parrainage" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Retenir les bonus" }).click();
      await dialog.waitFor({ state: "hidden" });
      await section.getByRole("button", { name: "Libérer les bonus de parrainage" }).waitFor();
      expect(
        await section.getByRole("button", { name: "Retenir les bonus de parrainage" }).count(),
      ).toBe(0);
      await section.getByText("Les bonus de parrainage sont retenus.").waitFor();
      const userId = new URL(page.url()).pathname.split("/").at(-1);
      const risk = await (await page.request.get(`/api/admin/users/${userId}/risk`)).json();
      expect(risk.referralBonusWithheld).toBe(true);
      expect(risk.level).toBe("high");
      await fitsThePhone(page);
      await expectAccessible(page);
    } finally {
      await restore(page, before);
    }

    expect(boss.errors).toEqual([]);
    expect(farm.errors).toEqual([]);
  });
});
