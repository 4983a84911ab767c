/**
 * One voice, numbers read one way (issue 20, points 5 and 6), as a French user sees them: the
 * shop and the TON panel say « vous » and « boîte », the help quotes the real wallet button, the
 * slot's symbols have French names, the free slot's next spin is in local time, paytables run
 * from the largest prize down, the rate card's rows share their digits, and a claim's
 * notification reads its amount with the balance's four digits.
 *
 * Not driven here: a purchase (its notification and mail name the item: the server's tests cover
 * them, a paid order is shop.test.ts's long walk) and the TON Connect modal's own language (the
 * widget knows English and Russian only; shop.test.ts opens it).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseURL,
  isOfflineWidgetNoise,
  linkFromMail,
  miningStartHeaders,
  newUser,
  signUpBody,
  useBrowser,
} from "./support";

const chromium = useBrowser();

const origin = () => ({ origin: baseURL() });
const visible = (locator: ReturnType<Page["locator"]>, timeout = 30_000) =>
  locator.first().waitFor({ state: "visible", timeout });

/**
 * A 390 px phone in Paris (the time zone decides what « minuit UTC » reads as), its cookie
 * decision stored, signed in as a new user whose e-mail is verified; console errors collected.
 */
async function parisPhone(prefix: string) {
  const context = await chromium.browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
  });
  chromium.contexts.push(context);
  await context.addInitScript(() => {
    try {
      localStorage.setItem(
        "fre.cookieConsent",
        JSON.stringify({
          necessary: true,
          functional: false,
          analytics: false,
          advertising: false,
        }),
      );
    } catch {
      // about:blank has no storage
    }
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    if (isOfflineWidgetNoise(text)) return;
    errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(error.message));

  const user = newUser(prefix);
  const signUp = await context.request.post("/api/auth/sign-up/email", {
    headers: origin(),
    data: await signUpBody(user),
  });
  expect(signUp.ok()).toBe(true);
  const link = new URL(await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/));
  await page.goto(link.pathname + link.search);
  await page.waitForURL("**/dashboard");
  return { context, page, errors };
}

/** « tu » in French: pronouns, possessives (TON the currency is in capitals), tu-imperatives. */
const TU =
  /(?<![\p{L}\p{N}])(?:[Tt]u|[Tt]on|[Tt]a|[Tt]es|[Tt]oi)(?![\p{L}\p{N}])|(?<![\p{L}])[Tt]['’](?=\p{L})|(?<![\p{L}])(?:Réessaie|Relie|Confirme|Connecte|Envoie|Augmente|reconnecte-le)(?![\p{L}])/u;

const textOf = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? "").replace(/\s+/g, " ");

/** What a column of a table shows, row by row. */
const column = (page: Page, table: string, index: number) =>
  page
    .locator(`${table} tbody tr`)
    .evaluateAll(
      (rows, at) => rows.map((row) => row.querySelectorAll("td")[at]?.textContent?.trim() ?? ""),
      index,
    );

/** "20,00 FRE" / "×500,00" → 20 / 500, for comparing only. */
const numberIn = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));

describe("one voice, numbers read one way", () => {
  it("the shop, the TON panel and the help speak « vous », name boxes and quote the real button", async () => {
    const { page, errors } = await parisPhone("voice");

    await page.goto("/shop");
    await visible(page.getByTestId("shop-item-BOX7"));
    await visible(page.getByTestId("ton-wallet-panel"));
    const shop = await textOf(page, "main");
    expect(shop).not.toMatch(TU);
    expect(shop).toContain("Augmentez votre vitesse de minage");
    expect(shop).not.toMatch(/\bBOX\d+\b/);
    expect(await page.getByTestId("shop-item-BOX7").textContent()).toContain("Boîte de 7 jours");
    expect(await page.getByTestId("shop-item-FRE1").textContent()).toContain("Pack FRE1");
    const panel = await textOf(page, '[data-testid="ton-wallet-panel"]');
    expect(panel).not.toMatch(TU);

    await page.goto("/wallet");
    await visible(page.getByTestId("ton-wallet-card"));
    const card = await textOf(page, '[data-testid="ton-wallet-card"]');
    expect(card).not.toMatch(TU);
    expect(card).toContain("Reliez votre portefeuille TON");

    await page.goto("/faq#acheter");
    await visible(page.getByTestId("how-to-buy"));
    const howToBuy = await textOf(page, '[data-testid="how-to-buy"]');
    // textOf folds every space, the no-break ones too: the guillemets' spaces are read raw.
    const howToBuyRaw = (await page.getByTestId("how-to-buy").textContent()) ?? "";
    expect(howToBuyRaw).toContain("«\u00a0Connecter un portefeuille\u00a0»");
    expect(howToBuy).toContain("TON Connect (elle s'affiche en anglais");
    expect(howToBuy).not.toContain("Connect Wallet");
    expect(howToBuy).toContain("Boîtes : temporaires");
    expect(howToBuy).not.toMatch(/\bbox(?:es)?\b/i);

    expect(errors).toEqual([]);
  });

  it("the slot names its symbols, says the next free spin in local time, and its paytables run from the largest prize", async () => {
    const { page, errors } = await parisPhone("slot");

    await page.goto("/game/slot");
    const [spin] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url().endsWith("/api/games/slot/spins"),
      ),
      page.getByRole("button", { name: "Tourner gratuitement" }).click(),
    ]);
    expect(spin.status()).toBe(200);
    // Paris is UTC+1 in winter, UTC+2 in summer: the server's midnight (UTC) is 01:00 or 02:00.
    await visible(page.getByText(/le prochain arrive à 0[12]:00 \(heure locale\)\./));
    expect(await textOf(page, "main")).not.toContain("minuit (UTC)");

    // The free slot's table: FRE prizes from 20 down to 0,05, all with the same two digits.
    const prizes = await column(page, "details table", 1);
    expect(prizes[0]).toBe("20,00 FRE");
    expect(prizes.at(-1)).toBe("0,05 FRE");
    expect(prizes.every((prize) => /^\d+,\d{2} FRE$/.test(prize))).toBe(true);
    const slotValues = prizes.map(numberIn);
    expect(slotValues).toEqual([...slotValues].sort((a, b) => b - a));

    // The FRE machine's table: the jackpot, then ×500,00 … ×1,70 (three cherries, 20, were
    // published after three lemons, 10).
    await page.goto("/fre");
    await visible(page.getByTestId("games-jackpot"));
    const multipliers = await column(page, "details table", 1);
    expect(multipliers[0]).toBe("Jackpot");
    expect(multipliers.slice(1).every((m) => /^×\d+,\d{2}$/.test(m))).toBe(true);
    const machineValues = multipliers.slice(1).map(numberIn);
    expect(machineValues).toEqual([...machineValues].sort((a, b) => b - a));
    expect(multipliers.at(-1)).toBe("×1,70");

    // The verify page recomputes a spin in the browser: its symbols by their French names.
    const query = new URLSearchParams({
      game: "slot",
      serverSeed: "ab".repeat(32),
      clientSeed: "one-voice",
      nonce: "3",
    });
    await page.goto(`/game/verify?${query}`);
    await page.getByRole("button", { name: "Calculer" }).click();
    await visible(page.getByTestId("verify-outcome"));
    const outcome = JSON.parse(
      (await page.getByTestId("verify-outcome").getAttribute("data-outcome")) ?? "{}",
    ) as { symbols: string[] };
    const french: Record<string, string> = {
      FRE: "FRE",
      seven: "Sept",
      bar: "Bar",
      bell: "Cloche",
      plum: "Prune",
      orange: "Orange",
      lemon: "Citron",
      cherry: "Cerise",
    };
    expect(outcome.symbols).toHaveLength(3);
    expect(await page.getByTestId("verify-outcome").textContent()).toContain(
      `Symboles : ${outcome.symbols.map((symbol) => french[symbol]).join(", ")}`,
    );

    expect(errors).toEqual([]);
  });

  it("the rate card's rows share their digits and a claim's notification reads like the balance", async () => {
    const { page, errors } = await parisPhone("claim");

    expect(
      (
        await page.request.post("/api/mining/start", {
          headers: { ...origin(), ...(await miningStartHeaders()) },
        })
      ).status(),
    ).toBe(200);
    // The toast comes over the live stream: the claim is posted once the stream is open, or its
    // event goes to nobody (the list re-read on connection has it, but no toast).
    const live = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/events" && r.status() === 200,
    );
    await page.reload();
    await live;
    const rows = page.locator('section[aria-labelledby="rate-title"] dl dd');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
    const amounts = await rows.allInnerTexts();
    // The base rate (0,001042) sets the column's six digits: « +0,020000 », not « +0,02 ».
    expect(amounts).toContain("+0,001042");
    expect(amounts.every((amount) => /^\+?\d+,\d{6}$/.test(amount.trim()))).toBe(true);

    // The claim's toast, live, then the notifications page: four digits, a comma, no more.
    const claimed = await page.request.post("/api/mining/claim", { headers: origin() });
    expect(claimed.status()).toBe(200);
    await visible(page.getByText(/^Vous avez réclamé \d+,\d{4} FRE\.$/));
    await page.goto("/notifications");
    await visible(page.getByText(/^Vous avez réclamé \d+,\d{4} FRE\.$/));

    expect(errors).toEqual([]);
  });
});
