import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { baseURL, fillSignIn, newUser, pathOf, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

const elevated = async (page: Page) =>
  ((await (await page.request.get("/api/admin/access")).json()) as { elevated: boolean }).elevated;

async function enterCode(page: Page, code: string) {
  const form = page.getByTestId("admin-code-form");
  await form.getByLabel("Code d'accès").fill(code);
  await form.getByRole("button", { name: "Valider" }).click();
}

describe("admin gate", () => {
  it("sends a visitor to /login", async () => {
    const { page, errors } = await chromium.open();
    await page.goto("/admin");
    await page.waitForURL("**/login");
    await page.goto("/admin/security");
    await page.waitForURL("**/login");
    expect(errors).toEqual([]);
  });

  it("sends a plain user to /dashboard", async () => {
    const { context, page, errors } = await chromium.open();
    await signUpInContext(context, newUser("plain"));
    await page.goto("/admin");
    await page.waitForURL("**/dashboard");
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe("Minage");
    await page.goto("/admin/security");
    await page.waitForURL("**/dashboard");
    expect(await page.getByTestId("admin-code-form").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("asks an admin for the access code, logs attempts, and asks again after leaving /admin", async () => {
    const { page, errors } = await chromium.open();
    const code = inject("adminCode");

    await page.goto("/login");
    await fillSignIn(page, inject("adminEmail"), inject("adminPassword"));
    await page.waitForURL("**/dashboard");

    await page.goto("/admin");
    const form = page.getByTestId("admin-code-form");
    await form.waitFor();
    expect(pathOf(page)).toBe("/admin");
    await expect
      .poll(() => page.getByTestId("page-title").textContent())
      .toBe("Code d'accès administrateur");
    expect(await page.getByTestId("admin-pending-kyc").count()).toBe(0);

    // Show / hide toggle.
    const input = form.getByLabel("Code d'accès");
    await input.fill("secret");
    expect(await input.getAttribute("type")).toBe("password");
    await form.getByRole("button", { name: "Afficher le code" }).click();
    expect(await input.getAttribute("type")).toBe("text");
    const hide = form.getByRole("button", { name: "Masquer le code" });
    expect(await hide.getAttribute("aria-pressed")).toBe("true");
    await hide.click();
    expect(await input.getAttribute("type")).toBe("password");

    // Wrong code, then the right one.
    await enterCode(page, "wrong-code");
    await form.getByRole("alert").filter({ hasText: "Code d'accès invalide" }).waitFor();
    expect(await elevated(page)).toBe(false);
    await enterCode(page, code);
    await form.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe("Tableau de bord");
    // The counts are the server's (other e2e files share this server and may leave requests).
    const summary = (await (await page.request.get("/api/admin/summary")).json()) as {
      pendingKyc: number;
      pendingWithdrawals: number;
    };
    await expect
      .poll(() => page.getByTestId("admin-pending-kyc").textContent())
      .toBe(String(summary.pendingKyc));
    await expect
      .poll(() => page.getByTestId("admin-pending-withdrawals").textContent())
      .toBe(String(summary.pendingWithdrawals));
    expect(await elevated(page)).toBe(true);

    // The security log lists both attempts, newest first.
    await page.getByRole("link", { name: "Sécurité", exact: true }).first().click();
    await page.waitForURL("**/admin/security");
    const log = page.getByTestId("admin-security-log");
    await log.waitFor();
    const entries = log.getByRole("listitem");
    await expect.poll(() => entries.nth(0).textContent()).toContain("Accès accordé");
    expect(await entries.nth(1).textContent()).toContain("Accès refusé");
    expect(await entries.nth(0).textContent()).toContain("Admin");

    // Leaving /admin ends the elevation: coming back asks for the code again.
    await page.getByRole("link", { name: "Retour à l'application" }).click();
    await page.waitForURL("**/dashboard");
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe("Minage");
    await expect.poll(() => elevated(page)).toBe(false);
    await page.goBack();
    await page.waitForURL("**/admin/security");
    await form.waitFor();
    expect(await log.count()).toBe(0);
    await page.goto("/admin");
    await form.waitFor();
    expect(await page.getByTestId("admin-pending-kyc").count()).toBe(0);

    // Changing the personal code: too short is refused, a valid one replaces the default.
    await enterCode(page, code);
    await page.getByTestId("admin-pending-kyc").waitFor();
    await page.getByRole("link", { name: "Sécurité", exact: true }).first().click();
    await page.waitForURL("**/admin/security");
    const change = page.getByTestId("admin-change-code-form");
    await change.getByLabel("Nouveau code d'accès").fill("short");
    await change.getByRole("button", { name: "Changer le code" }).click();
    await change
      .getByRole("alert")
      .filter({ hasText: "Le code doit contenir au moins 6 caractères" })
      .waitFor();
    const newCode = "e2e-new-code";
    await change.getByLabel("Nouveau code d'accès").fill(newCode);
    await change.getByRole("button", { name: "Changer le code" }).click();
    await change.getByText("Votre code d'accès a été modifié.").waitFor();
    await expect.poll(() => entries.nth(0).textContent()).toContain("Code d'accès modifié");

    // Back through the app: the old code no longer opens the console, the new one does.
    await page.getByRole("link", { name: "Retour à l'application" }).click();
    await page.waitForURL("**/dashboard");
    await expect.poll(() => elevated(page)).toBe(false);
    await page.goto("/admin");
    await enterCode(page, code);
    await form.getByRole("alert").filter({ hasText: "Code d'accès invalide" }).waitFor();
    await enterCode(page, newCode);
    await page.getByTestId("admin-pending-kyc").waitFor();

    // Put the original code back so no other test depends on this one's order.
    const restore = await page.request.put("/api/admin/security/code", {
      data: { code },
      headers: { origin: baseURL() },
    });
    expect(restore.status()).toBe(204);

    expect(errors).toEqual([]);
  });
});
