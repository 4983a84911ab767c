/**
 * The user's own data (issue 21 point 6, decision 0028), in Chromium at 390 px: a user downloads
 * their data from /profile, then deletes their account and ends on the landing page, signed out.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { baseURL, newUser, pathOf, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

describe("your data", () => {
  it("downloads the data, then deletes the account and ends signed out", async () => {
    const { context, page, errors } = await chromium.open();
    const user = newUser("priv");
    await signUpInContext(context, user);
    await page.goto("/profile");
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe("Profil");
    const section = page.getByTestId("your-data");
    await section.scrollIntoViewIfNeeded();

    // The download is a JSON file carrying the user's own address.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section.getByRole("button", { name: "Télécharger mes données" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^fre-export-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(data.format).toBe("fre-export/1");
    expect(data.profile.email).toBe(user.email);
    expect(data.profile.nickname).toBe(user.nickname);
    await expect.poll(() => section.getByRole("status").textContent()).toContain("fre-export-");

    // The dialog explains, asks the password and the typed word.
    await section.getByRole("button", { name: "Supprimer mon compte" }).click();
    const dialog = page.getByRole("dialog", { name: "Supprimer votre compte ?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.textContent()).toContain("comptabilité");
    // A wrong password is refused in words, and the account stays.
    await dialog.getByLabel("Mot de passe", { exact: true }).fill("not-my-password-1");
    await dialog.getByLabel("Tapez SUPPRIMER pour confirmer").fill("SUPPRIMER");
    await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toBe("Mot de passe actuel incorrect.");
    // Without the word typed, nothing is sent.
    await dialog.getByLabel("Mot de passe", { exact: true }).fill(user.password);
    await dialog.getByLabel("Tapez SUPPRIMER pour confirmer").fill("supprimé");
    await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();
    await expect.poll(() => dialog.textContent()).toContain("Tapez exactement SUPPRIMER.");
    expect(pathOf(page)).toBe("/profile");

    await dialog.getByLabel("Tapez SUPPRIMER pour confirmer").fill("SUPPRIMER");
    await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();

    // Landed on the landing page, told so, and signed out for good.
    await page.waitForURL((url) => url.pathname === "/");
    await expect
      .poll(() => page.getByTestId("farewell-toast").textContent())
      .toContain("Votre compte a été supprimé. Merci d'avoir utilisé FRE.");
    expect((await page.request.get("/api/me")).status()).toBe(401);
    const signIn = await context.request.post("/api/auth/sign-in/email", {
      data: { email: user.email, password: user.password },
      headers: { origin: baseURL() },
    });
    expect(signIn.status()).toBe(401);
    await page.goto("/profile");
    await page.waitForURL((url) => url.pathname !== "/profile");
    expect(errors).toEqual([]);
  });
});
