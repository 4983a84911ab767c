import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page, Route } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  expectAccessible,
  isOfflineWidgetNoise,
  linkFromMail,
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
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

const visible = (locator: Locator, timeout = 20_000) =>
  locator.first().waitFor({ state: "visible", timeout });

/** A small real photo, as a phone's camera would give (the server re-encodes it). */
async function photo(format: "jpeg" | "png", r: number, name: string) {
  const buffer = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r, g: 90, b: 40 } },
  })
    [format]()
    .toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** A phone signed in as a new user whose e-mail is verified, on /kyc at the documents step. */
async function atDocumentsStep(prefix: string) {
  const opened = await chromium.open();
  const { page } = opened;
  const user = newUser(prefix);
  await signUpInContext(opened.context, user);
  const link = new URL(await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/));
  await page.goto(link.pathname + link.search);
  await page.waitForURL("**/dashboard");
  await page.goto("/kyc");

  const identity = page.getByTestId("kyc-identity");
  await visible(identity);
  await identity.getByLabel("Prénom").fill("Élodie");
  await identity.getByLabel("Nom", { exact: true }).fill("Martin");
  await identity.getByLabel("Date de naissance").fill("1990-05-17");
  await identity.getByLabel("Nationalité").selectOption("FR");
  await identity.getByLabel("Numéro de téléphone").fill("+33 6 12 34 56 78");
  await identity.getByRole("button", { name: "Enregistrer et continuer" }).click();

  const address = page.getByTestId("kyc-address");
  await visible(address);
  await address.getByLabel("Adresse", { exact: true }).fill("12 rue de la Paix");
  await address.getByLabel("Code postal").fill("75002");
  await address.getByLabel("Ville").fill("Paris");
  await address.getByRole("button", { name: "Enregistrer et continuer" }).click();

  const documents = page.getByTestId("kyc-documents");
  await visible(documents);
  await documents.getByLabel("Carte d'identité").check();
  await documents.getByLabel("Numéro de la pièce").fill("X1234567AB");
  return opened;
}

/** Chooses a photo from the phone's gallery, once: nothing else is tapped. */
async function choose(page: Page, slot: string, file: Awaited<ReturnType<typeof photo>>) {
  const box = page.getByTestId(`kyc-photo-${slot}`);
  await box.getByLabel("Choisir une photo").setInputFiles(file);
  return box;
}

const received = (page: Page, slot: string) =>
  expect
    .poll(async () => {
      const done = page.getByTestId(`kyc-photo-${slot}-done`);
      return (await done.count()) > 0 ? await done.textContent() : "";
    })
    .toContain("Photo reçue");

/** The pending card, entirely on screen at 390×844, holding the keyboard focus. */
async function expectPendingCardInView(page: Page) {
  const pending = page.getByTestId("kyc-status-pending");
  await visible(pending);
  await expect
    .poll(async () => {
      const box = await pending.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 844;
    })
    .toBe(true);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.activeElement?.closest('[data-testid="kyc-status-pending"]') !== null &&
          document.activeElement !== document.body,
      ),
    )
    .toBe(true);
  expect(await pending.textContent()).toContain("24 à 48 heures");
}

describe("KYC photos are sent as soon as they are chosen", () => {
  it("sends each chosen photo at once, with its progress, then submits in one tap", async () => {
    const { page, errors } = await atDocumentsStep("kycp");

    // On a phone the camera is offered beside the gallery.
    const front = page.getByTestId("kyc-photo-front");
    expect(await front.getByLabel("Prendre une photo").getAttribute("capture")).toBe("environment");
    expect(
      await page
        .getByTestId("kyc-photo-selfie")
        .getByLabel("Prendre une photo")
        .getAttribute("capture"),
    ).toBe("user");

    // The selfie's upload is held back a moment: its progress shows, with an accessible name.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/kyc/files/selfie", async (route: Route) => {
      await held;
      await route.continue();
    });

    await choose(page, "front", await photo("jpeg", 200, "front.jpg"));
    await received(page, "front");
    await choose(page, "back", await photo("png", 120, "back.png"));
    await received(page, "back");
    const selfie = await choose(page, "selfie", await photo("jpeg", 60, "selfie.jpg"));
    await visible(selfie.getByRole("progressbar", { name: /Envoi de la photo/ }));
    await expectAccessible(page);
    await selfie.scrollIntoViewIfNeeded();
    await shot(page, "kyc-photo-sending");
    release();
    await received(page, "selfie");
    await page.unroute("**/api/kyc/files/selfie");

    // No photo is left to send by hand, and none is said missing.
    expect(await page.getByRole("button", { name: "Envoyer cette photo" }).count()).toBe(0);
    expect(await page.getByText("Cette photo manque").count()).toBe(0);
    // The previews are the chosen photos, shown on the device.
    for (const slot of ["front", "back", "selfie"]) {
      expect(
        await page.getByTestId(`kyc-photo-${slot}`).locator("img").getAttribute("src"),
      ).toMatch(/^blob:/);
    }

    await page.getByTestId("kyc-submit").click();
    await expectPendingCardInView(page);
    await shot(page, "kyc-submitted");
    expect(errors.filter((message) => !isOfflineWidgetNoise(message))).toEqual([]);
  });

  it("offers a retry when an upload fails, and the submission sends what is left", async () => {
    const { page, errors } = await atDocumentsStep("kycr");

    // The front's first upload meets a server failure; the back's first one a network failure.
    let frontTries = 0;
    await page.route("**/api/kyc/files/front", async (route: Route) => {
      frontTries += 1;
      if (frontTries === 1) {
        await route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({
            error: "INTERNAL_ERROR",
            message: "Une erreur inattendue est survenue.",
          }),
        });
      } else {
        await route.continue();
      }
    });
    let backTries = 0;
    await page.route("**/api/kyc/files/back", async (route: Route) => {
      backTries += 1;
      if (backTries === 1) await route.abort("failed");
      else await route.continue();
    });

    const front = await choose(page, "front", await photo("jpeg", 200, "front.jpg"));
    await visible(front.getByText("Une erreur inattendue est survenue."));
    expect(await page.getByTestId("kyc-photo-front-done").count()).toBe(0);
    await front.getByRole("button", { name: "Réessayer" }).click();
    await received(page, "front");
    expect(frontTries).toBe(2);
    expect(await front.getByText("Une erreur inattendue est survenue.").count()).toBe(0);

    // The back fails and is left as is: « Envoyer mon dossier » sends it first.
    const back = await choose(page, "back", await photo("png", 120, "back.png"));
    await visible(back.getByText("Impossible de joindre le serveur"));
    await visible(back.getByRole("button", { name: "Réessayer" }));
    await shot(page, "kyc-photo-failed");
    await choose(page, "selfie", await photo("jpeg", 60, "selfie.jpg"));
    await received(page, "selfie");
    await expectAccessible(page);

    await page.getByTestId("kyc-submit").click();
    await expectPendingCardInView(page);
    expect(backTries).toBe(2);

    // Chromium logs the two failures the test made; nothing else is allowed.
    const expected = (message: string) =>
      /status of 500/.test(message) || message.includes("net::ERR_FAILED");
    expect(errors.filter((m) => !isOfflineWidgetNoise(m) && !expected(m))).toEqual([]);
  });
});
