import { describe, expect, it } from "vitest";
import {
  fillSignIn,
  linkFromMail,
  me,
  newUser,
  outbox,
  pathOf,
  signUpViaApi,
  useBrowser,
} from "./support";

const chromium = useBrowser();

describe("account life cycle", () => {
  it("registers, sees the resend cooldown, verifies by the e-mail link, signs out and in, and is guarded", async () => {
    const { context, page, errors } = await chromium.open();
    const user = newUser("life");

    // Register through the UI.
    await page.goto("/register");
    await page.getByLabel("Adresse e-mail").fill(user.email);
    await page.getByLabel("Pseudo").fill(user.nickname);
    await page.getByLabel("Mot de passe", { exact: true }).fill(user.password);
    await page.getByLabel("Confirmer le mot de passe").fill(user.password);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await page.waitForURL("**/dashboard");
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe("Minage");
    await page.getByText(`Bienvenue, ${user.nickname} !`).waitFor();

    // Verification banner; sign-up already sent a mail, so resending hits the 60 s cooldown.
    const banner = page.getByTestId("verify-banner");
    await banner.getByRole("heading", { name: "Vérifiez votre adresse e-mail" }).waitFor();
    const resend = page.getByTestId("verify-resend");
    await expect.poll(() => resend.textContent()).toBe("Renvoyer l'e-mail");
    await resend.click();
    await expect.poll(() => resend.getAttribute("data-state")).toBe("sent");
    expect(await resend.isDisabled()).toBe(true);
    const secondsLeft = async () =>
      Number((await resend.textContent())?.match(/^Renvoyer dans (\d+) s$/)?.[1] ?? Number.NaN);
    const first = await secondsLeft();
    expect(first).toBeGreaterThan(40);
    expect(first).toBeLessThanOrEqual(60);
    // The countdown ticks down.
    await expect.poll(secondsLeft, { timeout: 4000 }).toBeLessThan(first);
    // The server's cooldown refusal is shown as a status, not as an error.
    expect(await banner.getByRole("alert").count()).toBe(0);
    expect((await banner.getByRole("status").textContent())?.trim()).not.toBe("");
    // Only the sign-up mail was sent.
    expect(await outbox(user.email)).toHaveLength(1);

    // The link from the mail, opened in another tab of the same browser, verifies the address
    // and lands on the dashboard; the first tab's banner goes away through its 10 s poll.
    const link = await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/);
    const tab = await context.newPage();
    await tab.goto(link);
    await tab.waitForURL("**/dashboard");
    await tab.getByText(`Bienvenue, ${user.nickname} !`).waitFor();
    expect(await tab.getByTestId("verify-banner").count()).toBe(0);
    await tab.close();
    await banner.waitFor({ state: "detached", timeout: 12_500 });
    expect(pathOf(page)).toBe("/dashboard");
    expect((await me(page)).emailVerified).toBe(true);

    // Sign out from the profile.
    await page.getByTestId("profile-link").click();
    await page.waitForURL("**/profile");
    await expect.poll(() => page.getByTestId("email-status").textContent()).toBe("Vérifiée");
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await page.waitForURL("**/login");
    expect((await page.request.get("/api/me")).status()).toBe(401);

    // Sign in again.
    await fillSignIn(page, user.email, user.password);
    await page.waitForURL("**/dashboard");
    await page.getByText(`Bienvenue, ${user.nickname} !`).waitFor();

    // A signed-in user never sees the visitor pages; unknown paths end on the dashboard.
    for (const path of ["/", "/login", "/register", "/nope"]) {
      await page.goto(path);
      await page.waitForURL("**/dashboard");
      await page.getByText(`Bienvenue, ${user.nickname} !`).waitFor();
    }

    expect(errors).toEqual([]);
  });

  it("sends a visitor from a private page to /login and back there after sign-in", async () => {
    const user = newUser("back");
    await signUpViaApi(user);
    const { page, errors } = await chromium.open();

    await page.goto("/wallet");
    await page.waitForURL("**/login");
    await fillSignIn(page, user.email, user.password);
    await page.waitForURL("**/wallet");
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe("Portefeuille");

    expect(errors).toEqual([]);
  });

  it("sends a visitor on an unknown path to the landing", async () => {
    const { page, errors } = await chromium.open();
    await page.goto("/nope");
    await page.waitForURL((url) => url.pathname === "/");
    await page.locator("#root:not([inert])").waitFor({ state: "attached" });
    await page.getByRole("link", { name: "Commencer à miner" }).first().waitFor();
    expect(pathOf(page)).toBe("/");
    expect(errors).toEqual([]);
  });
});

describe("register page", () => {
  it("validates live: password policy, confirmation mismatch, taken nickname (any case)", async () => {
    const taken = newUser("taken");
    await signUpViaApi(taken);
    const { page, errors } = await chromium.open();
    const weak =
      "Le mot de passe doit contenir au moins 8 caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial.";
    const mismatch = "Les mots de passe ne correspondent pas.";

    await page.goto("/register");
    const password = page.getByLabel("Mot de passe", { exact: true });
    const confirm = page.getByLabel("Confirmer le mot de passe");
    const rules = page.getByRole("list", { name: "Règles du mot de passe" });

    await password.fill("abc");
    await password.blur();
    await page.getByText(weak).waitFor();
    expect(await rules.locator('li[data-met="false"]').count()).toBeGreaterThan(0);

    await confirm.fill("abd");
    await confirm.blur();
    await page.getByText(mismatch).waitFor();

    // Fixing both clears both errors, live.
    await password.fill("Str0ng!pass");
    await confirm.fill("Str0ng!pass");
    await page.getByText(weak).waitFor({ state: "detached" });
    await page.getByText(mismatch).waitFor({ state: "detached" });
    expect(await rules.locator('li[data-met="false"]').count()).toBe(0);

    // The nickname of an existing account, typed in capitals, is refused by the server.
    const user = newUser("fresh");
    await page.getByLabel("Adresse e-mail").fill(user.email);
    await page.getByLabel("Pseudo").fill(taken.nickname.toUpperCase());
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await page.getByText("Ce pseudo est déjà utilisé.").waitFor();
    expect(pathOf(page)).toBe("/register");
    expect((await page.request.get("/api/me")).status()).toBe(401);

    expect(errors).toEqual([]);
  });

  it("pre-fills the referral code from ?ref=", async () => {
    const { page, errors } = await chromium.open();
    await page.goto("/register?ref=ABC12Z");
    const referral = page.getByLabel("Code de parrainage (facultatif)");
    await expect.poll(() => referral.inputValue()).toBe("ABC12Z");
    expect(errors).toEqual([]);
  });
});

describe("password reset", () => {
  it("resets the password from the e-mail link: the new one works, the old one no longer", async () => {
    const user = newUser("reset");
    await signUpViaApi(user);
    const { page, errors } = await chromium.open();
    const newPassword = "N3w!secret";

    await page.goto("/login");
    await page.getByRole("button", { name: "Mot de passe oublié ?" }).click();
    await page.getByLabel("Adresse e-mail").fill(user.email);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await page
      .getByText(
        "Si un compte existe pour cette adresse, un e-mail de réinitialisation vient d'être envoyé.",
      )
      .waitFor();

    const link = await linkFromMail(user.email, /https?:\/\/\S+reset-password\S+/);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === "/reset-password");
    expect(new URL(page.url()).searchParams.get("token")).toBeTruthy();
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirmer le mot de passe").fill(newPassword);
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await page.waitForURL("**/login");
    await page
      .getByText("Votre mot de passe a été réinitialisé. Vous pouvez vous connecter.")
      .waitFor();

    // The old password is refused (one failed attempt, far from the 5-attempt lockout).
    await fillSignIn(page, user.email, user.password);
    await page.getByRole("alert").filter({ hasNotText: "réinitialisé" }).waitFor();
    expect(pathOf(page)).toBe("/login");

    await fillSignIn(page, user.email, newPassword);
    await page.waitForURL("**/dashboard");
    await page.getByText(`Bienvenue, ${user.nickname} !`).waitFor();

    expect(errors).toEqual([]);
  });
});
