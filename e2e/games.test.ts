import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page, Response } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  baseURL,
  expectAccessible,
  fillSignIn,
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
  await page.screenshot({ path: join(SHOTS, `games-${name}.png`), fullPage: true });
}

const origin = () => ({ origin: baseURL() });
const visible = (locator: ReturnType<Page["locator"]>, timeout = 20_000) =>
  locator.first().waitFor({ state: "visible", timeout });

type Play = {
  id: string;
  game: string;
  status: "open" | "settled";
  outcome: Record<string, unknown>;
};
type Bet = Play & {
  nonce: number;
  clientSeed: string;
  serverSeed: string | null;
  serverSeedHash: string;
};

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

/** Gives the player `amount` FRE through a one-use bonus code made by the admin. */
async function fund(player: Page, amount: string) {
  const admin = await elevatedAdmin();
  const code = `GM${Date.now().toString(36).toUpperCase()}`;
  const created = await admin.page.request.post("/api/admin/bonus-codes", {
    headers: origin(),
    data: { code, type: "fre", rewardValue: amount, durationHours: 24, maxUses: 1, isActive: true },
  });
  expect(created.status()).toBe(201);
  const redeemed = await player.request.post("/api/bonus-codes/redeem", {
    headers: origin(),
    data: { code },
  });
  expect(redeemed.status()).toBe(200);
}

/** Clicks and returns the API's answer to the play it sent. */
async function playing(page: Page, path: RegExp, click: () => Promise<void>): Promise<Play> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r: Response) => r.request().method() === "POST" && path.test(new URL(r.url()).pathname),
    ),
    click(),
  ]);
  expect(response.status()).toBe(200);
  return (await response.json()) as Play;
}

async function myBets(page: Page): Promise<Bet[]> {
  const response = await page.request.get("/api/games/bets?limit=100");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Bet[] }).items;
}

describe("games", () => {
  it("plays every game, rotates the seed and verifies a bet in the browser", async () => {
    const { page, errors } = await verifiedPhone("gm");
    await fund(page, "500");

    // /game: the games with their RTP, the free spins, the jackpot and the seed pair.
    await page.goto("/game");
    await visible(page.getByTestId("games-jackpot"));
    expect(await page.getByTestId("games-jackpot").textContent()).toMatch(/FRE/);
    await visible(page.getByText("Tour du jour disponible"));
    expect(await page.getByText(/Retour au joueur : 99,00 %/).count()).toBeGreaterThan(0);
    await visible(page.getByTestId("games-seed-hash"));
    const firstHash = (await page.getByTestId("games-seed-hash").textContent())?.trim();
    expect(firstHash).toMatch(/^[0-9a-f]{64}$/);
    await expectAccessible(page);
    await shot(page, "home");

    // Keno: 5 numbers, a bet of 2 FRE; the draw shown is the server's.
    await page.getByTestId("games-link-keno").click();
    await page.waitForURL("**/game/keno");
    for (const n of [3, 8, 15, 22, 37]) {
      await page.getByRole("button", { name: `Numéro ${n}`, exact: true }).click();
    }
    const betField = page.getByLabel("Mise (FRE)");
    await betField.fill("4");
    await page.getByRole("button", { name: "Diviser la mise par deux" }).click();
    expect(await betField.inputValue()).toBe("2");
    const keno = await playing(page, /\/api\/games\/keno\/bets$/, () =>
      page.getByRole("button", { name: "Lancer le tirage" }).click(),
    );
    await visible(page.getByTestId("games-result"));
    expect(await page.getByTestId("keno-draw").getAttribute("data-draw")).toBe(
      (keno.outcome.draw as number[]).join(","),
    );
    await expectAccessible(page);
    await shot(page, "keno");
    // A refusal is shown with the API's own (translated) message.
    await betField.fill("10001");
    await page.getByRole("button", { name: "Lancer le tirage" }).click();
    await visible(page.getByTestId("games-error"));
    expect(await page.getByTestId("games-error").textContent()).not.toBe("");

    // Towers: a safe step, a reload that resumes the round, then the cash-out.
    await page.goto("/game/towers");
    let cashedOut = false;
    for (let attempt = 0; attempt < 12 && !cashedOut; attempt++) {
      await page.getByLabel("Mise (FRE)").fill("1");
      const started = await playing(page, /\/api\/games\/towers\/rounds$/, () =>
        page.getByRole("button", { name: "Commencer la partie" }).click(),
      );
      expect(started.status).toBe("open");
      const step = await playing(page, /\/steps$/, () => page.getByTestId("towers-tile-0").click());
      if (step.status === "settled") {
        await visible(page.getByTestId("games-result"));
        continue;
      }
      await page.reload();
      await visible(page.getByText("Votre partie en cours a été reprise."));
      const cash = await playing(page, /\/cashout$/, () =>
        page.getByRole("button", { name: /^Encaisser/ }).click(),
      );
      expect(cash.status).toBe("settled");
      await visible(page.getByTestId("games-result"));
      expect(await page.getByTestId("games-result").textContent()).toMatch(/Gagné/);
      cashedOut = true;
    }
    expect(cashedOut).toBe(true);
    await shot(page, "towers");

    // Hi-Lo: the likelier guess on the card shown, then the cash-out after a right call.
    await page.goto("/game/hilo");
    let hiloCashed = false;
    for (let attempt = 0; attempt < 12 && !hiloCashed; attempt++) {
      await page.getByLabel("Mise (FRE)").fill("1");
      await playing(page, /\/api\/games\/hilo\/rounds$/, () =>
        page.getByRole("button", { name: "Tirer la première carte" }).click(),
      );
      const card = (await page.getByTestId("hilo-card").getAttribute("data-card")) ?? "";
      const rank = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].indexOf(
        card.slice(0, -1),
      );
      expect(rank).toBeGreaterThanOrEqual(0);
      const name = rank <= 6 ? /^Plus haut ou égal/ : /^Plus bas ou égal/;
      const guess = await playing(page, /\/guesses$/, () =>
        page.getByRole("button", { name }).click(),
      );
      if (guess.status === "settled") continue;
      const cash = await playing(page, /\/cashout$/, () =>
        page.getByRole("button", { name: /^Encaisser/ }).click(),
      );
      expect(cash.status).toBe("settled");
      await visible(page.getByTestId("games-result"));
      hiloCashed = true;
    }
    expect(hiloCashed).toBe(true);
    await shot(page, "hilo");

    // The free slot: today's spin, then none left.
    await page.goto("/game/slot");
    const slot = await playing(page, /\/api\/games\/slot\/spins$/, () =>
      page.getByRole("button", { name: "Tourner gratuitement" }).click(),
    );
    await expect
      // The reels stop one after another once the answer is in.
      .poll(() => page.getByTestId("games-reels").getAttribute("data-stopped"), {
        timeout: 10_000,
      })
      .toBe((slot.outcome.symbols as string[]).join(","));
    await visible(page.getByTestId("games-result"));
    await visible(page.getByText("Aucun tour gratuit disponible pour l'instant."));
    await shot(page, "slot");

    // The FRE machine, with the jackpot.
    await page.goto("/fre");
    await visible(page.getByTestId("games-jackpot"));
    await page.getByLabel("Mise (FRE)").fill("5");
    const spin = await playing(page, /\/api\/games\/fre-machine\/spins$/, () =>
      page.getByRole("button", { name: "Tourner", exact: true }).click(),
    );
    await expect
      // The reels stop one after another once the answer is in.
      .poll(() => page.getByTestId("games-reels").getAttribute("data-stopped"), {
        timeout: 10_000,
      })
      .toBe((spin.outcome.symbols as string[]).join(","));
    await visible(page.getByTestId("games-result"));
    await shot(page, "fre");
    // The pool is live: a spin made elsewhere (here, straight through the API) moves it on
    // this screen without a reload, through the app's event stream.
    const poolShown = await page.getByTestId("games-jackpot").textContent();
    const elsewhere = await page.request.post("/api/games/fre-machine/spins", {
      data: { amount: "50" },
      headers: origin(),
    });
    expect(elsewhere.status()).toBe(200);
    await expect
      .poll(() => page.getByTestId("games-jackpot").textContent(), { timeout: 10_000 })
      .not.toBe(poolShown);

    // Rotation reveals the seed whose hash was shown before any play.
    await page.goto("/game");
    await visible(page.getByTestId("games-seed-hash"));
    expect((await page.getByTestId("games-seed-hash").textContent())?.trim()).toBe(firstHash);
    await page.getByRole("button", { name: "Révéler et changer la graine serveur" }).click();
    await visible(page.getByTestId("games-revealed-seed"));
    const revealed = (await page.getByTestId("games-revealed-seed").textContent())?.trim();
    expect(revealed).toMatch(/^[0-9a-f]{64}$/);
    await expect
      .poll(async () => (await page.getByTestId("games-seed-hash").textContent())?.trim())
      .not.toBe(firstHash);

    // The Keno bet, from the history to the verify page, recomputed in the browser.
    const bets = await myBets(page);
    const kenoBet = bets.find((bet) => bet.id === keno.id);
    expect(kenoBet?.serverSeed).toBe(revealed);
    await page.goto("/game/history");
    const row = page.locator(`[data-testid="games-bet"][data-id="${keno.id}"]`);
    await visible(row);
    await row.getByRole("link", { name: "Vérifier ce résultat" }).click();
    await page.waitForURL("**/game/verify?**");
    await page.getByRole("button", { name: "Calculer" }).click();
    await visible(page.getByTestId("verify-outcome"));
    expect(await page.getByTestId("verify-hash").textContent()).toBe(
      "L'empreinte SHA-256 de la graine serveur correspond à celle publiée.",
    );
    const computed = JSON.parse(
      (await page.getByTestId("verify-outcome").getAttribute("data-outcome")) ?? "{}",
    ) as { draw: number[] };
    expect(computed.draw).toEqual(keno.outcome.draw);
    await page.getByRole("button", { name: "Comparer avec la vérification du serveur" }).click();
    await visible(page.getByText("Le serveur trouve le même résultat."));
    await shot(page, "verify");

    // A towers round of the same pair verifies too (its trap floors start the recomputation).
    const towersBet = bets.find((bet) => bet.game === "towers" && bet.status === "settled");
    expect(towersBet).toBeDefined();
    const floors = (towersBet?.outcome.floors ?? []) as number[][];
    const query = new URLSearchParams({
      game: "towers",
      serverSeed: revealed ?? "",
      clientSeed: towersBet?.clientSeed ?? "",
      nonce: String(towersBet?.nonce),
      difficulty: String(towersBet?.outcome.difficulty),
    });
    await page.goto(`/game/verify?${query}`);
    await page.getByRole("button", { name: "Calculer" }).click();
    await visible(page.getByTestId("verify-outcome"));
    const towersComputed = JSON.parse(
      (await page.getByTestId("verify-outcome").getAttribute("data-outcome")) ?? "{}",
    ) as { floors: number[][] };
    expect(towersComputed.floors.slice(0, floors.length)).toEqual(floors);

    expect(errors).toEqual([]);
  });
});
