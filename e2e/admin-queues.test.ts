/**
 * The admin queues that help decide (issue 34 point 6, decision 0061), at 390 × 844 in Chromium:
 * KYC requests and withdrawals sorted by age or amount, filtered (amounts typed « 100,5 »,
 * a user's search), the choice kept in the URL across a reload, and a request one admin opened
 * shown to the other as « Ouverte par … il y a N min ».
 *
 * Two admins are needed and the shared e2e server has one (a second admin needs a second
 * admin's confirmation), so this file runs its own server on its own embedded database, with
 * two admins promoted by the README's `npm run admin -- promote`, as the global setup does.
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signTonProof } from "../apps/server/src/modules/ton/ton-proof-signer.ts";
import { walletV4R2 } from "../apps/server/src/modules/ton/wallet-v4.ts";
import { solvedChallenge } from "./proof-of-work.ts";
import { freePort, root, startServer, stop, waitHealthy } from "./server-process.ts";
import { launch, newUser, REFUSED_CONSENT, type User } from "./support";

const ACCESS_CODE = "e2e-queues-code";
let server: ChildProcess | undefined;
let dataDir = "";
let url = "";
let env: Record<string, string> = {};
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

const headers = () => ({ origin: url });

async function signUp(user: User) {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers() },
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      name: user.nickname,
      nickname: user.nickname,
      altcha: await solvedChallenge(url, "sign-up"),
    }),
  });
  expect(response.ok, await response.text()).toBe(true);
}

/** A phone (390 × 844, French) on this file's server, the cookie decision stored. */
async function phone() {
  if (!browser) throw new Error("no browser yet");
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "fr-FR",
  });
  contexts.push(context);
  await context.addInitScript((consent) => {
    try {
      localStorage.setItem("fre.cookieConsent", consent);
    } catch {
      // about:blank has no storage
    }
  }, JSON.stringify(REFUSED_CONSENT));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

async function signIn(context: BrowserContext, user: User) {
  const response = await context.request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
    headers: headers(),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** An admin's phone, signed in and elevated with the access code. */
async function adminPhone(admin: User) {
  const opened = await phone();
  await signIn(opened.context, admin);
  const granted = await opened.context.request.post("/api/admin/access", {
    data: { code: ACCESS_CODE },
    headers: headers(),
  });
  expect(granted.status(), await granted.text()).toBe(200);
  return opened;
}

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();

/** A user who sent the three KYC steps and the photos: a pending request in the queue. */
async function submitKyc(context: BrowserContext) {
  for (const [path, data] of [
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
    const saved = await context.request.put(path, { data, headers: headers() });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  for (const slot of ["front", "back", "selfie"]) {
    const uploaded = await context.request.post(`/api/kyc/files/${slot}`, {
      headers: headers(),
      multipart: { file: { name: `${slot}.jpg`, mimeType: "image/jpeg", buffer: await photo() } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const submitted = await context.request.post("/api/kyc/submit", { headers: headers() });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

/** Links a fresh wallet v4R2 with its ton_proof (what the dev wallet does). */
async function linkWallet(context: BrowserContext) {
  const jwk = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
  const publicKey = new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"));
  const wallet = walletV4R2({ publicKey });
  const { network } = await (await context.request.get("/api/ton/config")).json();
  const { payload } = await (await context.request.get("/api/ton/proof-payload")).json();
  const proof = signTonProof({
    secretKey: new Uint8Array(Buffer.from(jwk.d ?? "", "base64url")),
    address: wallet.address,
    stateInit: wallet.stateInit,
    domain: new URL(url).host,
    timestamp: Math.floor(Date.now() / 1000),
    payload,
  });
  const linked = await context.request.post("/api/ton/wallet", {
    data: { address: wallet.address, network, public_key: wallet.publicKey, proof },
    headers: headers(),
  });
  expect(linked.status(), await linked.text()).toBe(200);
}

async function userId(context: BrowserContext): Promise<string> {
  return (await (await context.request.get("/api/me")).json()).id as string;
}

/** The admin credits a user through the ledger (an audited adjustment). */
async function credit(admin: BrowserContext, id: string, amount: string) {
  const response = await admin.request.post(`/api/admin/users/${id}/adjustments`, {
    data: { amount, reason: "Préparation du test des files" },
    headers: { ...headers(), "idempotency-key": randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const camille = newUser("camille");
const noah = newUser("noah");
/** Withdrawals asked in this order: 40, 300 and 120,5 FRE. */
const asked: { user: User; amount: string }[] = [];
/** KYC requests sent in this order, their users holding 0, 400 and 100 FRE. */
const kyc: { user: User; balance: string }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "fre-e2e-queues-"));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATABASE_URL: `pglite:${join(dataDir, "db")}`,
    ADMIN_DEFAULT_ACCESS_CODE: ACCESS_CODE,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT_MAX: "10000",
    RATE_LIMIT_MAX: "100000",
    DEMO_CONTENT: "off",
  };
  // Two admins: signed up, the server stopped (PGlite allows one process), promoted, restarted.
  server = startServer(env);
  await waitHealthy(url, server);
  await signUp(camille);
  await signUp(noah);
  await stop(server);
  for (const admin of [camille, noah]) {
    execFileSync(
      process.execPath,
      ["--import", "tsx", "apps/server/src/cli/admin.ts", "promote", admin.email],
      { cwd: root, env: { ...process.env, ...env }, stdio: "pipe" },
    );
  }
  server = startServer(env);
  await waitHealthy(url, server);
  browser = await launch();

  const setup = await adminPhone(camille);
  // Three withdrawals: each user checked (KYC approved), a wallet linked, credited, asking.
  for (const amount of ["40", "300", "120.5"]) {
    const { context } = await phone();
    const user = newUser("retrait");
    await signUp(user);
    await signIn(context, user);
    await submitKyc(context);
    const id = await userId(context);
    const approved = await setup.context.request.post(`/api/admin/kyc/${id}/decision`, {
      data: { decision: "approve" },
      headers: headers(),
    });
    expect(approved.status(), await approved.text()).toBe(200);
    await linkWallet(context);
    await credit(setup.context, id, "400");
    const requested = await context.request.post("/api/withdrawals", {
      data: { amount },
      headers: { ...headers(), "idempotency-key": randomUUID() },
    });
    expect(requested.status(), await requested.text()).toBe(201);
    asked.push({ user, amount });
  }
  // Three KYC requests waiting, their users holding 0, 400 and 100 FRE.
  for (const balance of ["0", "400", "100"]) {
    const { context } = await phone();
    const user = newUser("verif");
    await signUp(user);
    await signIn(context, user);
    if (balance !== "0") await credit(setup.context, await userId(context), balance);
    await submitKyc(context);
    kyc.push({ user, balance });
  }
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  if (server) await stop(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The nicknames of `of` in the order the list shows them. */
async function order(items: Locator, of: { user: User }[]): Promise<string[]> {
  const texts = await items.allTextContents();
  return texts
    .map((text) => of.find((entry) => text.includes(entry.user.nickname))?.user.nickname)
    .filter((nickname): nickname is string => nickname !== undefined);
}
const nicknames = (entries: { user: User }[]) => entries.map((entry) => entry.user.nickname);
const by = (entries: { user: User; amount?: string; balance?: string }[], values: string[]) =>
  values.map(
    (value) => entries.find((entry) => (entry.amount ?? entry.balance) === value)!.user.nickname,
  );

async function openFilters(page: Page) {
  const filters = page.getByTestId("queue-filters");
  if (!(await filters.isVisible())) {
    await page.getByTestId("queue-controls").locator("summary").click();
  }
  await filters.waitFor();
  return filters;
}

describe("the admin queues (390 × 844)", () => {
  it("sort by amount, filters kept in the URL, and « Ouverte par … il y a 1 min » for the other admin", async () => {
    const first = await adminPhone(camille);
    const second = await adminPhone(noah);

    // Camille starts on a withdrawal: « Approuver » opens its confirmation and records the open.
    await first.page.goto("/admin/withdrawals");
    const items = first.page.getByTestId("admin-withdrawal");
    await items.first().waitFor();
    const target = items.filter({ hasText: asked[1]!.user.nickname });
    const opened = first.page.waitForResponse(
      (response) => response.url().includes("/open") && response.request().method() === "POST",
    );
    await target.getByTestId("admin-withdrawal-approve").click();
    expect((await opened).status()).toBe(200);
    // Each request holds its own (closed) dialog: the open one is the only one with the role.
    const dialog = first.page.getByRole("dialog");
    await dialog.getByTestId("approve-dialog").waitFor();
    await dialog.getByRole("button", { name: "Retour" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Noah's queue says so at once; it never says it to Camille herself.
    await second.page.goto("/admin/withdrawals");
    const seen = second.page
      .getByTestId("admin-withdrawal")
      .filter({ hasText: asked[1]!.user.nickname })
      .getByTestId("queue-opened-by");
    await expect
      .poll(() => seen.textContent(), { timeout: 20_000 })
      .toBe(`● Ouverte par ${camille.nickname} à l'instant`);
    expect(await first.page.getByTestId("queue-opened-by").count()).toBe(0);

    // Oldest first by default; by amount, high to low, and the URL keeps it across a reload.
    expect(await order(items, asked)).toEqual(nicknames(asked));
    await first.page.getByTestId("queue-sort").selectOption("amount_desc");
    await expect.poll(() => order(items, asked)).toEqual(by(asked, ["300", "120.5", "40"]));
    expect(new URL(first.page.url()).searchParams.get("sort")).toBe("amount_desc");
    await first.page.reload();
    await items.first().waitFor();
    await expect.poll(() => order(items, asked)).toEqual(by(asked, ["300", "120.5", "40"]));
    expect(await first.page.getByTestId("queue-sort").inputValue()).toBe("amount_desc");
    await first.page.getByTestId("queue-sort").selectOption("amount_asc");
    await expect.poll(() => order(items, asked)).toEqual(by(asked, ["40", "120.5", "300"]));

    // An amount range typed the French way, then refused when unreadable.
    let filters = await openFilters(first.page);
    await filters.getByLabel("Montant min. (FRE)").fill("100,5");
    await filters.getByLabel("Montant max. (FRE)").fill("299,99");
    await filters.getByRole("button", { name: "Appliquer" }).click();
    await expect.poll(() => order(items, asked)).toEqual(by(asked, ["120.5"]));
    expect(new URL(first.page.url()).searchParams.get("minAmount")).toBe("100,5");
    await first.page.reload();
    await expect.poll(() => order(items, asked)).toEqual(by(asked, ["120.5"]));
    filters = await openFilters(first.page);
    expect(await filters.getByLabel("Montant min. (FRE)").inputValue()).toBe("100,5");
    await first.page.getByText("Filtres · 2 actifs").waitFor();
    await filters.getByLabel("Montant max. (FRE)").fill("12a");
    await filters.getByText("Montant illisible").waitFor();
    await filters.getByRole("button", { name: "Effacer" }).click();
    await expect.poll(() => order(items, asked)).toEqual(by(asked, ["40", "120.5", "300"]));

    // The search: the start of a nickname, any case.
    filters = await openFilters(first.page);
    await filters.getByLabel("Utilisateur").fill(asked[0]!.user.nickname.toUpperCase());
    await filters.getByRole("button", { name: "Appliquer" }).click();
    await expect.poll(() => order(items, asked)).toEqual([asked[0]!.user.nickname]);
    expect(new URL(first.page.url()).searchParams.get("q")).toBe(
      asked[0]!.user.nickname.toUpperCase(),
    );

    // The KYC queue: oldest first, then by balance; Noah opens a request, Camille is told.
    await first.page.goto("/admin/kyc");
    const requests = first.page.getByTestId("admin-kyc-item");
    await requests.first().waitFor();
    await expect.poll(() => order(requests, kyc)).toEqual(nicknames(kyc));
    await first.page.getByTestId("queue-sort").selectOption("amount_desc");
    await expect.poll(() => order(requests, kyc)).toEqual(by(kyc, ["400", "100", "0"]));
    expect(await requests.first().getByTestId("admin-kyc-balance").textContent()).toContain(
      "solde : 400",
    );
    filters = await openFilters(first.page);
    await filters.getByLabel("Solde min. (FRE)").fill("50");
    await filters.getByRole("button", { name: "Appliquer" }).click();
    await expect.poll(() => order(requests, kyc)).toEqual(by(kyc, ["400", "100"]));

    await second.page.goto("/admin/kyc");
    const request = second.page.getByTestId("admin-kyc-item").filter({
      hasText: kyc[2]!.user.nickname,
    });
    const kycOpened = second.page.waitForResponse(
      (response) => response.url().includes("/open") && response.request().method() === "POST",
    );
    await request.click();
    expect((await kycOpened).status()).toBe(200);
    await second.page.getByTestId("admin-kyc-request").waitFor();
    await first.page.reload();
    await expect
      .poll(
        () =>
          first.page
            .getByTestId("admin-kyc-item")
            .filter({ hasText: kyc[2]!.user.nickname })
            .getByTestId("queue-opened-by")
            .textContent(),
        { timeout: 20_000 },
      )
      .toMatch(new RegExp(`Ouverte par ${noah.nickname}`));

    // A minute or more after Camille's open, Noah's withdrawals queue says « il y a N min ».
    await expect
      .poll(
        async () => {
          await second.page.goto("/admin/withdrawals");
          await second.page.getByTestId("admin-withdrawal").first().waitFor();
          return seen.textContent();
        },
        { timeout: 100_000, interval: 5_000 },
      )
      .toMatch(new RegExp(`^● Ouverte par ${camille.nickname} il y a \\d+ min$`));

    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
  }, 240_000);
});
