/**
 * Mines in the browser (issue 35 §3, decision 0069): the game is listed, its screen (lazy-loaded)
 * opens a round with an Idempotency-Key, reveals a safe tile, cashes out at the multiplier shown,
 * and the round goes from the history to the verify page, recomputed in the browser and by the
 * server.
 */
import { applyMultiplier, formatNano, parseFre, rationalFromDecimal } from "@fre/shared";
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, expectAccessible, fundWithBonusCode, useBrowser, verifiedPhone } from "./support";

const chromium = useBrowser();

const origin = () => ({ origin: baseURL() });
const visible = (locator: ReturnType<Page["locator"]>, timeout = 20_000) =>
  locator.first().waitFor({ state: "visible", timeout });

type Play = {
  id: string;
  status: "open" | "settled";
  amount: string;
  multiplier: string;
  payout: string;
  outcome: { count: number; revealed: number[]; mines: number[] };
};

/** Clicks and answers the game's own API response to that click. */
async function playing(page: Page, path: RegExp, click: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r: Response) => r.request().method() === "POST" && path.test(new URL(r.url()).pathname),
    ),
    click(),
  ]);
  expect(response.status()).toBe(200);
  return { play: (await response.json()) as Play, request: response.request() };
}

describe("mines", () => {
  it("opens a round, reveals a safe tile, cashes out, then verifies its mines", async () => {
    const { page, errors } = await verifiedPhone(chromium, "mines");
    await fundWithBonusCode(chromium, page, "100");

    await page.goto("/game");
    await visible(page.getByTestId("games-link-mines"));
    await page.getByTestId("games-link-mines").click();
    await page.waitForURL("**/game/mines");
    await visible(page.getByTestId("mines-grid"));
    expect(await page.getByTestId("mines-grid").locator("button").count()).toBe(25);

    // One mine: a first tile is safe 24 times in 25; a round lost on it is played again.
    await page.getByLabel("Nombre de mines").selectOption("1");
    await page.getByLabel("Mise (FRE)").fill("2,5");
    let safe: Play | null = null;
    for (let attempt = 0; attempt < 6 && !safe; attempt++) {
      const { play: opened, request } = await playing(page, /\/api\/games\/mines\/rounds$/, () =>
        page.getByTestId("mines-start").click(),
      );
      expect(request.headers()["idempotency-key"]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
      expect(opened).toMatchObject({ status: "open", amount: formatNano(parseFre("2.5")) });
      await visible(page.getByTestId("mines-multiplier"));
      const { play } = await playing(page, /\/reveal$/, () =>
        page.getByTestId(`mines-tile-${attempt}`).click(),
      );
      if (play.status === "open") safe = play;
      else {
        expect(play.payout).toBe(formatNano(0n));
        expect(play.outcome.mines).toEqual([attempt]);
        await visible(page.getByTestId("mines-start"));
      }
    }
    if (!safe) throw new Error("six lost rounds in a row with one mine");
    // 0.99 × 25 / 24 = 1.03125, shown « 1,03 ».
    expect(safe.multiplier).toBe("1.0312");
    await expect.poll(() => page.getByTestId("mines-multiplier").textContent()).toMatch(/×1,03/);
    const revealed = safe.outcome.revealed[0] ?? 0;
    expect(await page.getByTestId(`mines-tile-${revealed}`).getAttribute("data-state")).toBe(
      "safe",
    );
    await expectAccessible(page);

    const { play: cashed } = await playing(page, /\/cashout$/, () =>
      page.getByTestId("mines-cashout").click(),
    );
    expect(cashed.status).toBe("settled");
    expect(cashed.payout).toBe(
      formatNano(applyMultiplier(parseFre("2.5"), rationalFromDecimal("1.03125"))),
    );
    expect(cashed.outcome.mines).toHaveLength(1);
    await visible(page.getByTestId("games-result"));
    expect(
      await page.getByTestId(`mines-tile-${cashed.outcome.mines[0]}`).getAttribute("data-state"),
    ).toBe("mine");

    // Revealed, the round is verified from its history row, in the browser and by the server.
    const rotated = await page.request.post("/api/games/seeds/rotate", { headers: origin() });
    expect(rotated.status()).toBe(200);
    await page.goto("/game/history");
    const row = page.locator(`[data-testid="games-bet"][data-id="${cashed.id}"]`);
    await visible(row);
    expect(await row.textContent()).toMatch(/Mines/);
    expect(await row.getByTestId("games-bet-summary").textContent()).toBe(
      "Mines : 1 — cases sûres révélées : 1",
    );
    await row.getByRole("link", { name: "Vérifier ce résultat" }).click();
    await page.waitForURL("**/game/verify?**");
    expect(new URL(page.url()).searchParams.get("mines")).toBe("1");
    await page.getByRole("button", { name: "Calculer" }).click();
    await visible(page.getByTestId("verify-outcome"));
    expect(await page.getByTestId("verify-hash").textContent()).toBe(
      "L'empreinte SHA-256 de la graine serveur correspond à celle publiée.",
    );
    const computed = JSON.parse(
      (await page.getByTestId("verify-outcome").getAttribute("data-outcome")) ?? "{}",
    ) as { mines: number[] };
    expect(computed).toEqual({ mines: cashed.outcome.mines });
    await page.getByRole("button", { name: "Comparer avec la vérification du serveur" }).click();
    await visible(page.getByText("Le serveur trouve le même résultat."));

    expect(errors).toEqual([]);
  });
});
