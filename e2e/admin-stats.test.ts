import { describe, expect, it } from "vitest";
import { elevateAdmin, expectAccessible, useBrowser } from "./support";

const chromium = useBrowser();

const digits = (text: string | null) => (text ?? "").replace(/\D/g, "");

describe("admin statistics", () => {
  it("an elevated admin reads the day's figures, opens the statistics and switches the range", async () => {
    const { context, page, errors } = await chromium.open();
    await elevateAdmin(context);

    // The home's key figures, beside the pending counts.
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Chiffres du jour" }).waitFor();
    await expect
      .poll(async () => digits(await page.getByTestId("admin-today-active-sessions").textContent()))
      .toMatch(/^\d+$/);
    expect(await page.getByTestId("admin-today-mined").textContent()).toMatch(/FRE$/);

    // From the home to the statistics screen.
    await page.getByRole("link", { name: "Toutes les statistiques" }).click();
    await page.waitForURL("**/admin/stats");
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe("Statistiques");

    // The figures, as the API computes them (at least the admin's own account).
    const users = page.getByTestId("stats-total-users");
    await users.waitFor();
    expect(Number(digits(await users.textContent()))).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId("stats-mined-all-time").textContent()).toMatch(/FRE$/);
    expect(await page.getByTestId("stats-shop-revenue").textContent()).toMatch(/TON$/);
    await page.getByRole("heading", { name: "Jeux" }).waitFor();

    // Three charts drawn on a canvas, 30 days by default, each with its table for screen readers.
    for (const metric of ["new_users", "mined", "active_miners"]) {
      await page.getByTestId(`stats-chart-${metric}-canvas`).locator("canvas").first().waitFor();
    }
    const rows = page.getByTestId("stats-chart-mined").locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(30);
    const range = page.getByTestId("stats-range");
    expect(await range.getByRole("button", { name: "30 jours" }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    // 7 days, then 90.
    await range.getByRole("button", { name: "7 jours" }).click();
    await expect.poll(() => rows.count()).toBe(7);
    expect(await range.getByRole("button", { name: "7 jours" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await page.getByTestId("stats-chart-mined-canvas").locator("canvas").first().waitFor();
    await range.getByRole("button", { name: "90 jours" }).click();
    await expect.poll(() => rows.count()).toBe(90);
    await expect
      .poll(() => page.getByTestId("stats-chart-new_users").locator("tbody tr").count())
      .toBe(90);

    // Readable at 390 px: nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});
