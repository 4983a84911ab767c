import { generateKeyPairSync } from "node:crypto";
import type { BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { signTonProof } from "../apps/server/src/modules/ton/ton-proof-signer.ts";
import { walletV4R2 } from "../apps/server/src/modules/ton/wallet-v4.ts";
import {
  baseURL,
  elevateAdmin,
  linkFromMail,
  me,
  newUser,
  signUpInContext,
  useBrowser,
} from "./support";

const chromium = useBrowser();

/** Every section of the console, by its menu label, under its group (admin-sections.ts). */
const GROUPS: Record<string, string[]> = {
  Modération: ["Demandes KYC", "Retraits", "Support", "Risque de fraude"],
  Utilisateurs: ["Utilisateurs"],
  Croissance: [
    "Codes bonus",
    "Messages",
    "Publicités",
    "Boutique",
    "Jeux",
    "Ligues",
    "Série quotidienne",
    "Cercle de sécurité",
  ],
  Système: ["Statistiques", "Sécurité", "Vérification anti-robot", "Boîte d'envoi"],
};
const SECTIONS = Object.values(GROUPS).flat();

/** A fresh ed25519 key and its wallet v4R2 (what the dev wallet and Tonkeeper use). */
function newTonWallet() {
  const jwk = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
  const publicKey = new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"));
  return {
    seed: new Uint8Array(Buffer.from(jwk.d ?? "", "base64url")),
    ...walletV4R2({ publicKey }),
  };
}

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();

const post = (context: BrowserContext, url: string, data?: unknown) =>
  context.request.post(url, { data, headers: { origin: baseURL() } });

/** A user with a KYC request waiting and a linked wallet: what the console counts and finds. */
async function pendingUser() {
  const { context, page } = await chromium.open();
  const user = newUser("navk");
  await signUpInContext(context, user);
  await page.goto(new URL(await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/)).href);
  for (const [url, data] of [
    [
      "/api/kyc/identity",
      {
        firstName: "Jeanne",
        lastName: "Arc",
        dateOfBirth: "1990-04-12",
        nationality: "fr",
        phoneNumber: "+33 6 12 34 56 78",
      },
    ],
    [
      "/api/kyc/address",
      { address: "12 rue de la Paix", city: "Paris", postalCode: "75002", country: "FR" },
    ],
    ["/api/kyc/documents", { documentType: "id_card", documentNumber: "ab 123456" }],
  ] as const) {
    const saved = await context.request.put(url, { data, headers: { origin: baseURL() } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  for (const slot of ["front", "back", "selfie"]) {
    const uploaded = await context.request.post(`/api/kyc/files/${slot}`, {
      headers: { origin: baseURL() },
      multipart: {
        file: { name: `${slot}.jpg`, mimeType: "image/jpeg", buffer: await photo() },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const submitted = await post(context, "/api/kyc/submit");
  expect(submitted.status(), await submitted.text()).toBe(200);

  const wallet = newTonWallet();
  const { network } = await (await context.request.get("/api/ton/config")).json();
  const { payload } = await (await context.request.get("/api/ton/proof-payload")).json();
  const proof = signTonProof({
    secretKey: wallet.seed,
    address: wallet.address,
    stateInit: wallet.stateInit,
    domain: new URL(baseURL()).host,
    timestamp: Math.floor(Date.now() / 1000),
    payload,
  });
  const linked = await post(context, "/api/ton/wallet", {
    address: wallet.address,
    network,
    public_key: wallet.publicKey,
    proof,
  });
  expect(linked.status(), await linked.text()).toBe(200);
  const profile = await me(page);
  const tonWallet = profile.tonWallet as { friendlyAddress: string };
  return { ...user, id: profile.id as string, wallet: tonWallet.friendlyAddress };
}

let target: Awaited<ReturnType<typeof pendingUser>>;
beforeAll(async () => {
  target = await pendingUser();
});

async function adminAt(viewport: { width: number; height: number }) {
  const context = await chromium.browser.newContext({
    baseURL: baseURL(),
    viewport,
    locale: "fr-FR",
    ...(viewport.width < 600 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  chromium.contexts.push(context);
  await context.addInitScript(() => {
    localStorage.setItem(
      "fre.cookieConsent",
      JSON.stringify({ necessary: true, functional: false, analytics: false, advertising: false }),
    );
  });
  await elevateAdmin(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors };
}

const title = (page: Page) => page.getByTestId("page-title");

/** The screen's heading lies inside the first viewport, without scrolling. */
async function expectHeadingInFirstViewport(page: Page, height: number) {
  await expect.poll(async () => (await title(page).boundingBox())?.y ?? -1).toBeGreaterThan(0);
  const box = await title(page).boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}

async function pendingKyc(page: Page): Promise<number> {
  return (await (await page.request.get("/api/admin/summary")).json()).pendingKyc;
}

async function expectGroups(nav: Locator) {
  for (const [group, sections] of Object.entries(GROUPS)) {
    const heading = nav.getByRole("heading", { name: group, exact: true });
    await heading.waitFor();
    const list = nav.getByRole("region", { name: group, exact: true });
    for (const section of sections) {
      await list.getByRole("link", { name: new RegExp(`^${section}`) }).waitFor();
    }
  }
}

describe("the admin console's navigation", () => {
  it("on a phone (390 × 844): a grouped menu two taps from any screen, badges, the screen first", async () => {
    const { page, errors } = await adminAt({ width: 390, height: 844 });
    await page.goto("/admin");
    await expectHeadingInFirstViewport(page, 844);
    const button = page.getByTestId("admin-menu-button");
    const current = page.getByTestId("admin-current-section");
    await expect.poll(() => current.textContent()).toBe("Accueil");
    const menu = page.locator("#admin-phone-menu");
    expect(await menu.isVisible()).toBe(false);

    await button.click();
    await expectGroups(menu);
    const count = await pendingKyc(page);
    expect(count).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => menu.getByTestId("admin-nav-badge-kyc").textContent())
      .toContain(String(count));
    await button.click();
    await menu.waitFor({ state: "hidden" });

    // From each screen to the next in two taps (the menu, then the section), the whole list.
    for (const section of SECTIONS) {
      await button.click();
      await menu.getByRole("link", { name: new RegExp(`^${section}`) }).click();
      await menu.waitFor({ state: "hidden" });
      await expect.poll(() => current.textContent()).toBe(section);
      await expectHeadingInFirstViewport(page, 844);
    }
    expect(errors).toEqual([]);
  });

  it("on a wide screen (1280 × 800): the grouped sidebar, always in sight, one tap away", async () => {
    const { page, errors } = await adminAt({ width: 1280, height: 800 });
    await page.goto("/admin");
    const sidebar = page.getByTestId("admin-sidebar");
    await sidebar.waitFor();
    expect(await page.getByTestId("admin-menu-button").isVisible()).toBe(false);
    await expectGroups(sidebar);
    await expect
      .poll(() => sidebar.getByTestId("admin-nav-badge-kyc").textContent())
      .toContain(String(await pendingKyc(page)));
    for (const section of SECTIONS) {
      const link = sidebar.getByRole("link", { name: new RegExp(`^${section}`) });
      await link.click();
      await expect.poll(() => link.getAttribute("aria-current")).toBe("page");
      expect(await link.isVisible()).toBe(true);
      await expectHeadingInFirstViewport(page, 800);
    }
    expect(errors).toEqual([]);
  });
});

describe("the console's user search", () => {
  it("finds a user by e-mail, nickname, wallet or id as one types, and opens their page", async () => {
    const { page, errors } = await adminAt({ width: 390, height: 844 });
    await page.goto("/admin/stats");
    const box = page.getByRole("combobox", { name: "Rechercher un utilisateur" });
    for (const text of [target.email.slice(0, 10).toUpperCase(), target.nickname, target.wallet]) {
      await box.fill(text);
      const hit = page.getByRole("listbox").getByRole("option").filter({ hasText: target.email });
      await hit.waitFor();
      await hit.click();
      await page.waitForURL(`**/admin/users/${encodeURIComponent(target.id)}`);
      await page.goBack();
    }
    // The keyboard: the id, the arrow to the answer, Enter.
    await box.fill(target.id);
    await page.getByRole("option").filter({ hasText: target.email }).waitFor();
    await box.press("ArrowDown");
    expect(await box.getAttribute("aria-activedescendant")).toBeTruthy();
    await box.press("Enter");
    await page.waitForURL(`**/admin/users/${encodeURIComponent(target.id)}`);
    await expect.poll(() => title(page).textContent()).toBe(target.nickname);
    expect(errors).toEqual([]);
  });
});
