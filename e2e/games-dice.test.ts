/**
 * Dice in the browser (issue 22): the game is listed, its screen (lazy-loaded) shows the chance
 * and the multiplier of the target, refuses a target out of bounds, rolls through the API, and
 * the bet goes from the history to the verify page, recomputed in the browser and by the server.
 */
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, expectAccessible, fundWithBonusCode, useBrowser, verifiedPhone } from "./support";

const chromium = useBrowser();

const origin = () => ({ origin: baseURL() });
const visible = (locator: ReturnType<Page["locator"]>, timeout = 20_000) =>
  locator.first().waitFor({ state: "visible", timeout });

type Play = { id: string; game: string; nonce: number; outcome: Record<string, unknown> };

describe("dice", () => {
  it("rolls over a target, then verifies the roll from the history", async () => {
    const { page, errors } = await verifiedPhone(chromium, "dice");
    await fundWithBonusCode(chromium, page, "100");

    await page.goto("/game");
    await visible(page.getByTestId("games-link-dice"));
    await page.getByTestId("games-link-dice").click();
    await page.waitForURL("**/game/dice");

    // The odds follow the target and the direction: over 50,50 wins on 4 949 rolls of 10 000.
    const target = page.getByTestId("dice-target");
    await visible(target);
    await target.fill("50,5");
    await page.getByTestId("dice-over").click();
    await expect.poll(() => page.getByTestId("dice-odds").textContent()).toMatch(/49,49\s%/);
    expect(await page.getByTestId("dice-odds").textContent()).toMatch(/×2,00/);
    await page.getByTestId("dice-under").click();
    await expect.poll(() => page.getByTestId("dice-odds").textContent()).toMatch(/50,50\s%/);

    // The slider writes its target the French way: one step right of 50,5 reads « 50,51 ».
    await page.locator('input[type="range"]').focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => target.inputValue()).toBe("50,51");

    // Out of bounds: said in French, and nothing can be sent.
    await target.fill("1,5");
    await visible(
      page.getByText("Choisissez une cible entre 2,00 et 98,00, avec au plus deux décimales."),
    );
    expect(await page.getByRole("button", { name: "Lancer les dés" }).isDisabled()).toBe(true);

    await target.fill("50,5");
    await page.getByTestId("dice-over").click();
    await page.getByLabel("Mise (FRE)").fill("2");
    const [response] = await Promise.all([
      page.waitForResponse(
        (r: Response) =>
          r.request().method() === "POST" && new URL(r.url()).pathname === "/api/games/dice/bets",
      ),
      page.getByRole("button", { name: "Lancer les dés" }).click(),
    ]);
    expect(response.status()).toBe(200);
    const play = (await response.json()) as Play;
    expect(play.outcome).toMatchObject({ target: 50.5, direction: "over" });
    await visible(page.getByTestId("dice-roll"));
    expect(Number(await page.getByTestId("dice-roll").getAttribute("data-roll"))).toBe(
      play.outcome.roll,
    );
    await visible(page.getByTestId("games-result"));
    await expectAccessible(page);

    // Revealed, the bet is verified from its history row, in the browser and by the server.
    const rotated = await page.request.post("/api/games/seeds/rotate", { headers: origin() });
    expect(rotated.status()).toBe(200);
    await page.goto("/game/history");
    const row = page.locator(`[data-testid="games-bet"][data-id="${play.id}"]`);
    await visible(row);
    expect(await row.textContent()).toMatch(/Dés/);
    expect(await row.getByTestId("games-bet-summary").textContent()).toMatch(/Au-dessus de 50,50/);
    await row.getByRole("link", { name: "Vérifier ce résultat" }).click();
    await page.waitForURL("**/game/verify?**");
    await page.getByRole("button", { name: "Calculer" }).click();
    await visible(page.getByTestId("verify-outcome"));
    expect(await page.getByTestId("verify-hash").textContent()).toBe(
      "L'empreinte SHA-256 de la graine serveur correspond à celle publiée.",
    );
    const computed = JSON.parse(
      (await page.getByTestId("verify-outcome").getAttribute("data-outcome")) ?? "{}",
    ) as { roll: number };
    expect(computed).toEqual({ roll: play.outcome.roll });
    await page.getByRole("button", { name: "Comparer avec la vérification du serveur" }).click();
    await visible(page.getByText("Le serveur trouve le même résultat."));

    expect(errors).toEqual([]);
  });
});
