import { describe, expect, it } from "vitest";
import frAdmin from "../../locales/fr/admin.json";
import frGames from "../../locales/fr/games.json";
import { loadCatalogs, renderStatic, renderWithQueries } from "../../test/render-static";
import { AdminGamesPage } from "./admin/admin-games-page";
import { checkLimits } from "./admin/game-limits";
import { gamesAdminKeys } from "./api/games-admin-api";
import { BetControls } from "./components/bet-controls";
import * as logic from "./games-logic";
import { betAmountProblem, doubleBet, halveBet, parseDiceTarget } from "./games-logic";

loadCatalogs({ admin: frAdmin, games: frGames });

const examples = (html: string) => html.match(/data-amount-example="">ex\. 12,5</g)?.length ?? 0;
const bounds = { minBet: "1", maxBet: "5000" };

describe("a game's bet as typed (issue 34 point 7)", () => {
  it("« 100,5 » and « 1 000,5 » are bets, sent as 100.5 and 1000.5", () => {
    expect(betAmountProblem("100,5")).toBeNull();
    expect(betAmountProblem("1\u202f000,5")).toBeNull();
    expect(logic.withTypedBet({ amount: "100,5", target: 50 })).toEqual({
      amount: "100.5",
      target: 50,
    });
    expect(logic.withTypedBet({ amount: "1 000,5" }).amount).toBe("1000.5");
  });

  it("½ and ×2 start from the typed bet", () => {
    expect(halveBet("100,5", bounds)).toBe("50.25");
    expect(doubleBet("1 000,5", bounds)).toBe("2001");
  });

  it("refuses two separators, letters and a minus", () => {
    for (const typed of ["1,2,3", "1.000,5", "12a", "−5", "1 00"])
      expect(betAmountProblem(typed), typed).toBe("invalid");
  });

  it("the bet field keeps the comma as typed and shows the amount example", async () => {
    const html = await renderStatic(
      <BetControls amount="100,5" onChange={() => undefined} bounds={bounds} />,
    );
    expect(html).toContain('value="100,5"');
    expect(html).toContain('aria-invalid="false"');
    expect(examples(html)).toBe(1);
  });

  it("the Dice target reads « 12,5 » and refuses a grouped or a three-decimal one", () => {
    expect(parseDiceTarget("12,5")).toBe(12.5);
    expect(parseDiceTarget("97,99")).toBe(97.99);
    for (const typed of ["12,555", "1 2", "12,5,1", "1e1"])
      expect(parseDiceTarget(typed)).toBeNull();
  });
});

describe("the admin's bet limits (issue 34 point 7)", () => {
  it("sends « 0,5 » and « 1 000,5 » as 0.5 and 1000.5", () => {
    expect(checkLimits({ minBet: "0,5", maxBet: "1\u00a0000,5" })).toEqual({
      issues: {},
      body: { minBet: "0.5", maxBet: "1000.5" },
    });
    expect(checkLimits({ minBet: "1,2,3", maxBet: "5" }).issues).toEqual({ minBet: "format" });
  });

  it("shows the amount example under both limits", async () => {
    const html = await renderWithQueries(<AdminGamesPage />, {
      seed: (client) =>
        client.setQueryData(gamesAdminKeys.limits(), {
          minBet: "0.500000000",
          maxBet: "1000.000000000",
        }),
    });
    expect(examples(html)).toBe(2);
  });
});
