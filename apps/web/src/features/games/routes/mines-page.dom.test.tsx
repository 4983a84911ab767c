// @vitest-environment happy-dom
import { type GamePlay, gamesPublication, type Wallet } from "@fre/shared";
import type { QueryClient } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queryKeys } from "../../../lib/query-keys";
import { refuse, renderScreen, stubApi } from "../../../test/dom";
import { MinesPage } from "./mines-page";

const ROUND = "00000000-0000-4000-8000-0000000000d1";
const play = (over: Partial<GamePlay<"mines">>): GamePlay<"mines"> => ({
  id: ROUND,
  game: "mines",
  nonce: 4,
  status: "open",
  amount: "2.500000000",
  outcome: { count: 3, revealed: [], mines: [] },
  multiplier: "0.99",
  payout: "0.000000000",
  balance: "97.500000000",
  ...over,
});

const views = {
  "GET /api/games": () => ({
    body: {
      publication: gamesPublication(),
      limits: { minBet: "1", maxBet: "10000" },
      freeSpins: { daily: true, bonus: 0 },
      jackpot: "1000.000000000",
    },
  }),
  "GET /api/games/mines/rounds/current": () => ({ body: { round: null } }),
} as const;

const seedWallet = {
  // The balance line and the bet's bounds read the wallet; only its balance matters here.
  seed: (client: QueryClient) =>
    client.setQueryData(queryKeys.wallet, { balance: "100.000000000" } as Wallet),
};

describe("Mines screen (DOM)", () => {
  it("opens « 2,5 » with 3 mines once per key (a lost answer retried), reveals, cashes out", async () => {
    let opens = 0;
    const api = stubApi({
      ...views,
      "POST /api/games/mines/rounds": () =>
        ++opens === 1
          ? refuse(503, "INTERNAL_ERROR", "Une erreur est survenue.")
          : { body: play({}) },
      "POST /api/games/mines/rounds/:id/reveal": ({ body }) => ({
        body: play({
          outcome: { count: 3, revealed: [(body as { tile: number }).tile], mines: [] },
          multiplier: "1.1249",
        }),
      }),
      "POST /api/games/mines/rounds/:id/cashout": () => ({
        body: play({
          status: "settled",
          outcome: { count: 3, revealed: [7], mines: [0, 12, 24] },
          multiplier: "1.1249",
          payout: "2.812500000",
          balance: "100.312500000",
        }),
      }),
    });
    const { user } = await renderScreen(<MinesPage />, seedWallet);
    const grid = await screen.findByRole("group", { name: "La grille" });
    expect(grid.querySelectorAll("button")).toHaveLength(25);
    await user.selectOptions(screen.getByLabelText("Nombre de mines"), "3");
    const amount = screen.getByLabelText("Mise (FRE)");
    await user.clear(amount);
    await user.type(amount, "2,5");
    await user.click(screen.getByRole("button", { name: "Commencer la partie" }));
    await screen.findByText("Une erreur est survenue.");
    await user.click(screen.getByRole("button", { name: "Commencer la partie" }));

    expect(await screen.findByText("Multiplicateur actuel : ×0,99")).toBeTruthy();
    const opened = api.to("POST /api/games/mines/rounds");
    expect(opened.map((r) => r.body)).toEqual([
      { amount: "2.5", mines: 3 },
      { amount: "2.5", mines: 3 },
    ]);
    const [first, retry] = opened.map((r) => r.headers.get("idempotency-key"));
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(retry).toBe(first);

    expect((screen.getByRole("button", { name: /Encaisser/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole("button", { name: "Case 8" }));
    expect(await screen.findByText("Multiplicateur actuel : ×1,12")).toBeTruthy();
    expect(api.to("POST /api/games/mines/rounds/:id/reveal")[0]?.body).toEqual({ tile: 7 });
    expect(screen.getByRole("button", { name: "Case 8, sûre, révélée" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Encaisser à ×1,12" }));
    const result = await screen.findByTestId("games-result");
    expect(result.getAttribute("data-payout")).toBe("2.812500000");
    expect(screen.getByRole("button", { name: "Case 1, mine" })).toBeTruthy();
    expect(api.to("POST /api/games/mines/rounds/:id/cashout")).toHaveLength(1);
  });

  it("says the server's refusal (a round already open) and opens nothing", async () => {
    stubApi({
      ...views,
      "POST /api/games/mines/rounds": () =>
        refuse(409, "ROUND_IN_PROGRESS", "Une partie est déjà en cours."),
    });
    const { user } = await renderScreen(<MinesPage />, seedWallet);
    await user.click(await screen.findByRole("button", { name: "Commencer la partie" }));
    expect((await screen.findByTestId("games-error")).textContent).toBe(
      "Une partie est déjà en cours.",
    );
    expect(screen.queryByText(/Multiplicateur actuel/)).toBeNull();
  });
});
