import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import {
  baseURL,
  fillSignIn,
  isOfflineWidgetNoise,
  linkFromMail,
  me,
  newUser,
  signUpInContext,
  useBrowser,
} from "./support";

const chromium = useBrowser();

/** Set FRE_SCREENSHOTS=/some/dir to keep screenshots of the screens this file walks through. */
const SHOTS = process.env.FRE_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

const origin = () => ({ origin: baseURL() });
const visible = (locator: ReturnType<Page["locator"]>, timeout = 20_000) =>
  locator.first().waitFor({ state: "visible", timeout });
const text = async (locator: ReturnType<Page["locator"]>) =>
  (await locator.first().textContent()) ?? "";

/** Small real photos, as a phone's camera would give (the server re-encodes them). */
const photo = (format: "jpeg" | "png", r: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 90, b: 40 } } })
    [format]()
    .toBuffer();

/** A phone signed in as a new user whose e-mail is verified (bonus codes need it). */
async function verifiedPhone(prefix: string) {
  const opened = await chromium.open();
  const user = newUser(prefix);
  await signUpInContext(opened.context, user);
  const link = new URL(await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/));
  await opened.page.goto(link.pathname + link.search);
  await opened.page.waitForURL("**/dashboard");
  return { ...opened, user };
}

/** The seeded admin, signed in through /login and elevated with the access code. */
async function elevatedAdmin() {
  const opened = await chromium.open();
  const { page } = opened;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/login");
  await fillSignIn(page, inject("adminEmail"), inject("adminPassword"));
  await page.waitForURL("**/dashboard");
  await page.goto("/admin");
  const form = page.getByTestId("admin-code-form");
  await form.getByLabel("Code d'accès").fill(inject("adminCode"));
  await form.getByRole("button", { name: "Valider" }).click();
  await form.waitFor({ state: "detached" });
  return opened;
}

async function upload(
  page: Page,
  slot: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const box = page.getByTestId(`kyc-photo-${slot}`);
  // Chosen from the gallery (the camera is the other button): it is sent at once.
  await box.getByLabel(/^(Choisir une photo|Changer de photo)$/).setInputFiles(file);
  // The photo is shown on the device.
  await expect.poll(() => box.locator("img").first().getAttribute("src")).toMatch(/^blob:/);
  return box;
}

describe("KYC with photos, then a withdrawal to the dev wallet", () => {
  it("passes KYC, gets approved in /admin/kyc, withdraws 30 FRE and sees it completed", async () => {
    const { page, user, errors } = await verifiedPhone("kyc");

    // Nothing is possible yet: /withdrawal says what is missing.
    await page.goto("/withdrawal");
    await visible(page.getByTestId("withdrawal-needs-kyc"));
    await visible(page.getByTestId("withdrawal-needs-wallet"));
    await page.getByTestId("withdrawal-needs-kyc").getByRole("link").click();
    await page.waitForURL("**/kyc");

    // Step 1: checked here before anything is sent; focus lands on the first bad field.
    const identity = page.getByTestId("kyc-identity");
    await visible(identity);
    await identity.getByLabel("Prénom").fill("Élodie");
    await identity.getByLabel("Nom", { exact: true }).fill("Martin");
    const born = identity.getByLabel("Date de naissance");
    await born.fill(`${new Date().getFullYear() - 10}-01-01`);
    await identity.getByLabel("Nationalité").selectOption("FR");
    await identity.getByLabel("Numéro de téléphone").fill("12 34 56");
    await identity.getByRole("button", { name: "Enregistrer et continuer" }).click();
    await visible(identity.getByText("Vous devez avoir au moins 18 ans."));
    await visible(identity.getByText("Saisissez le numéro au format international"));
    await expect.poll(() => born.evaluate((el) => el === document.activeElement)).toBe(true);
    await shot(page, "kyc-identity-errors");
    await born.fill("1990-05-17");
    await identity.getByLabel("Numéro de téléphone").fill("+33 6 12 34 56 78");
    await identity.getByRole("button", { name: "Enregistrer et continuer" }).click();

    // Step 2, saved as a draft: a reload resumes here with step 1 kept.
    const address = page.getByTestId("kyc-address");
    await visible(address);
    await page.reload();
    await visible(address);
    await address.getByLabel("Adresse", { exact: true }).fill("12 rue de la Paix");
    await address.getByLabel("Code postal").fill("75002");
    await address.getByLabel("Ville").fill("Paris");
    expect(await address.getByLabel("Pays de résidence").inputValue()).toBe("FR");
    await address.getByRole("button", { name: "Enregistrer et continuer" }).click();

    // Step 3: an ID card needs front, back and selfie.
    const documents = page.getByTestId("kyc-documents");
    await visible(documents);
    await documents.getByLabel("Carte d'identité").check();
    await documents.getByLabel("Numéro de la pièce").fill("x1234567ab");
    // A file that is not an image: the server reads the bytes and refuses it (415).
    const front = await upload(page, "front", {
      name: "scan.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("this is not a photo at all"),
    });
    await visible(front.getByText("n'est pas une photo acceptée"));
    await upload(page, "front", {
      name: "front.jpg",
      mimeType: "image/jpeg",
      buffer: await photo("jpeg", 200),
    });
    await visible(page.getByTestId("kyc-photo-front-done"));
    await upload(page, "back", {
      name: "back.png",
      mimeType: "image/png",
      buffer: await photo("png", 120),
    });
    await visible(page.getByTestId("kyc-photo-back-done"));
    await upload(page, "selfie", {
      name: "selfie.jpg",
      mimeType: "image/jpeg",
      buffer: await photo("jpeg", 60),
    });
    await visible(page.getByTestId("kyc-photo-selfie-done"));
    await shot(page, "kyc-documents");
    await page.getByTestId("kyc-submit").click();

    const pending = page.getByTestId("kyc-status-pending");
    await visible(pending);
    expect(await text(pending)).toContain("24 à 48 heures");
    expect(await text(pending)).toMatch(/Envoyé le .*\d/);
    await page.reload();
    await visible(pending);
    await shot(page, "kyc-pending");

    // The admin reviews the request with its photos (shown from blob URLs) and approves it.
    const admin = await elevatedAdmin();
    await admin.page.goto("/admin/kyc");
    const item = admin.page.getByTestId("admin-kyc-item").filter({ hasText: user.nickname });
    await visible(item);
    await item.click();
    const request = admin.page.getByTestId("admin-kyc-request");
    await visible(request.getByText("Élodie"));
    await visible(request.getByText("X1234567AB"));
    const photos = request.locator("img");
    await expect.poll(() => photos.count(), { timeout: 20_000 }).toBe(3);
    for (const img of await photos.all()) {
      await expect.poll(() => img.getAttribute("src")).toMatch(/^blob:/);
      await expect
        .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    await shot(admin.page, "admin-kyc-request");
    await admin.page.getByTestId("admin-kyc-approve").click();
    await expect.poll(() => item.count()).toBe(0);

    // The user's page learns it live (notification) and unlocks withdrawals.
    await visible(page.getByTestId("kyc-status-approved"), 30_000);
    expect((await me(page)).kycStatus).toBe("approved");

    // 30 FRE to withdraw: a one-use bonus code made by the admin, redeemed by the user.
    const code = `KW${Date.now().toString(36).toUpperCase()}`;
    const created = await admin.page.request.post("/api/admin/bonus-codes", {
      headers: origin(),
      data: { code, type: "fre", rewardValue: "30", durationHours: 24, maxUses: 1, isActive: true },
    });
    expect(created.status()).toBe(201);
    const redeemed = await page.request.post("/api/bonus-codes/redeem", {
      headers: origin(),
      data: { code },
    });
    expect(redeemed.status()).toBe(200);

    // The dev wallet, connected with its ton_proof from /wallet.
    await page.goto("/wallet");
    await page.getByRole("button", { name: "Connecter FRE Dev Wallet" }).click();
    await expect
      .poll(async () => (await me(page)).tonWallet, { timeout: 20_000 })
      .toMatchObject({ network: "-3" });
    const wallet = (await me(page)).tonWallet as { friendlyAddress: string };

    await page.goto("/withdrawal");
    const form = page.getByTestId("withdrawal-form");
    await visible(form);
    expect(await page.getByTestId("withdrawal-needs-kyc").count()).toBe(0);
    await form.getByLabel("Montant (FRE)").fill("29,5");
    await page.getByTestId("withdrawal-submit").click();
    await visible(form.getByText("Le minimum de retrait est de"));
    await shot(page, "withdrawal-form-error");
    await form.getByLabel("Montant (FRE)").fill("30");
    await page.getByTestId("withdrawal-submit").click();
    const mine = page.getByTestId("withdrawal-item").first();
    await expect
      .poll(() => mine.getByTestId("withdrawal-status").getAttribute("data-status"))
      .toBe("pending");
    expect(await text(mine)).toContain("30,0000 FRE");

    // The admin approves: the payout goes through the (simulated) chain.
    await admin.page.goto("/admin/withdrawals");
    const request30 = admin.page.getByTestId("admin-withdrawal").filter({ hasText: user.nickname });
    await visible(request30);
    // 30 FRE is far below the four-eyes threshold (1 000 FRE by default): the one seeded admin
    // approves alone. « Approuver et payer » only opens the confirmation; confirming pays.
    await request30.getByTestId("admin-withdrawal-approve").click();
    const confirm = admin.page.getByRole("dialog", { name: "Approuver et payer ce retrait ?" });
    await visible(confirm);
    expect(await confirm.getByTestId("approve-dialog-address").textContent()).toBe(
      wallet.friendlyAddress,
    );
    expect(await text(confirm)).toContain("30 FRE");
    expect(await text(confirm)).toContain("Contexte du compte");
    await shot(admin.page, "admin-withdrawal-confirm");
    await confirm.getByRole("button", { name: "Confirmer le paiement" }).click();
    await confirm.waitFor({ state: "hidden" });

    // The user sees it completed without reloading, with its transaction.
    await expect
      .poll(() => mine.getByTestId("withdrawal-status").getAttribute("data-status"), {
        timeout: 60_000,
      })
      .toBe("completed");
    await visible(mine.getByTestId("withdrawal-tx-link"));
    // The simulated chain has no explorer: « Voir la transaction » unfolds its facts, in words.
    await mine.getByText("Voir la transaction").click();
    await visible(mine.getByTestId("withdrawal-tx-hash"));
    expect(await mine.getByTestId("withdrawal-tx-link").textContent()).toContain(
      "réseau TON simulé",
    );
    await shot(page, "withdrawal-completed");
    const chain = await page.request.get(
      `/api/dev/chain/accounts/${encodeURIComponent(wallet.friendlyAddress)}`,
    );
    expect(chain.status()).toBe(200);
    expect(((await chain.json()) as { jettons: Record<string, string> }).jettons.FRE).toBe(
      "30.000000000",
    );

    const real = (list: string[]) => list.filter((message) => !isOfflineWidgetNoise(message));
    expect(real(errors)).toEqual([]);
    expect(real(admin.errors)).toEqual([]);
  });
});
