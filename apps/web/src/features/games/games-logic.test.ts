import { FRE_MACHINE, gamesPublication, outcomeMatches } from "@fre/shared";
import { describe, expect, it } from "vitest";
import {
  betAmountProblem,
  cardRankIndex,
  doubleBet,
  halveBet,
  maxBetAmount,
  nextUtcMidnight,
  parseDiceTarget,
  plainAmount,
  sortedPaytable,
  spentFreeSpin,
  verifyLink,
} from "./games-logic";

const bounds = { minBet: "1", maxBet: "10000" };

describe("bet controls", () => {
  it("halves down to the minimum and no further", () => {
    expect(halveBet("10", bounds)).toBe("5");
    expect(halveBet("3", bounds)).toBe("1.5");
    expect(halveBet("1.5", bounds)).toBe("1");
    expect(halveBet("1", bounds)).toBe("1");
  });

  it("doubles up to the maximum, or the balance when it is lower", () => {
    expect(doubleBet("2.5", bounds)).toBe("5");
    expect(doubleBet("6000", bounds)).toBe("10000");
    expect(doubleBet("40", { ...bounds, balance: "50.250000000" })).toBe("50.25");
    expect(doubleBet("20", { ...bounds, balance: "50" })).toBe("40");
  });

  it("max is the smaller of the maximum and the balance, never below the minimum", () => {
    expect(maxBetAmount(bounds)).toBe("10000");
    expect(maxBetAmount({ ...bounds, balance: "123.456000000" })).toBe("123.456");
    expect(maxBetAmount({ ...bounds, balance: "20000" })).toBe("10000");
    expect(maxBetAmount({ ...bounds, balance: "0.5" })).toBe("1");
  });

  it("restarts from the minimum when the field is unreadable", () => {
    expect(halveBet("abc", bounds)).toBe("1");
    expect(doubleBet("", bounds)).toBe("1");
    expect(betAmountProblem("abc")).toBe("invalid");
    expect(betAmountProblem("0")).toBe("invalid");
    expect(betAmountProblem("2.5")).toBeNull();
  });

  it("follows bounds an admin changed", () => {
    const custom = { minBet: "0.5", maxBet: "20" };
    expect(halveBet("0.6", custom)).toBe("0.5");
    expect(doubleBet("15", custom)).toBe("20");
  });

  it("prints amounts without trailing zeros", () => {
    expect(plainAmount(1_500_000_000n)).toBe("1.5");
    expect(plainAmount(2_000_000_000n)).toBe("2");
    expect(plainAmount(1n)).toBe("0.000000001");
  });
});

describe("outcomes", () => {
  it("reads a card's rank", () => {
    expect(cardRankIndex("2♦")).toBe(0);
    expect(cardRankIndex("10♥")).toBe(8);
    expect(cardRankIndex("A♣")).toBe(12);
    expect(cardRankIndex("Z♣")).toBe(-1);
  });

  it("matches a recorded outcome against the recomputed one", () => {
    expect(outcomeMatches("keno", { draw: [1, 2] }, { draw: [1, 2] })).toBe(true);
    expect(outcomeMatches("keno", { draw: [1, 2] }, { draw: [2, 1] })).toBe(false);
    const floors = [[0], [1], [2]];
    expect(outcomeMatches("towers", { floors: [[0], [1]] }, { floors })).toBe(true);
    expect(outcomeMatches("towers", { floors: [[1]] }, { floors })).toBe(false);
    expect(outcomeMatches("towers", { floors: [] }, { floors })).toBe(false);
    expect(outcomeMatches("hilo", { cards: ["2♦", "A♣"] }, { cards: ["2♦", "A♣", "J♠"] })).toBe(
      true,
    );
    const spin = { stops: [1, 2, 3], symbols: ["a", "b", "c"] };
    expect(outcomeMatches("slot", spin, { ...spin })).toBe(true);
    expect(outcomeMatches("fre-machine", spin, { ...spin, stops: [1, 2, 4] })).toBe(false);
    const recorded = { roll: 42.17, target: 50 };
    expect(outcomeMatches("dice", recorded, { roll: 42.17 })).toBe(true);
    expect(outcomeMatches("dice", { roll: 42.18 }, { roll: 42.17 })).toBe(false);
  });

  it("links a revealed bet to the verify page, with the towers difficulty", () => {
    const bet = {
      game: "towers" as const,
      serverSeed: null,
      serverSeedHash: "h",
      clientSeed: "c",
      nonce: 3,
      outcome: { difficulty: "easy" as const, tiles: [], floors: [] },
    };
    expect(verifyLink(bet)).toBeNull();
    const link = verifyLink({
      ...bet,
      serverSeed: "ab",
      outcome: { ...bet.outcome, difficulty: "hard" as const },
    });
    expect(link).toBe(
      "/game/verify?game=towers&serverSeed=ab&serverSeedHash=h&clientSeed=c&nonce=3&difficulty=hard",
    );
  });
});

describe("free spins", () => {
  it("counts down the spin the server says was used", () => {
    const spins = { daily: true, bonus: 2 };
    expect(spentFreeSpin(spins, { freeSpin: "daily" })).toEqual({ daily: false, bonus: 2 });
    expect(spentFreeSpin({ daily: false, bonus: 2 }, { freeSpin: "bonus" })).toEqual({
      daily: false,
      bonus: 1,
    });
    expect(spentFreeSpin({ daily: false, bonus: 0 }, { freeSpin: "bonus" })).toEqual({
      daily: false,
      bonus: 0,
    });
    expect(spentFreeSpin(spins, {})).toEqual(spins);
  });
});

describe("paytables as the player reads them", () => {
  it("puts the jackpot first, then the prizes from the largest down", () => {
    const sorted = sortedPaytable(FRE_MACHINE.paytable).map((line) => line.prize);
    // Published with three cherries (20) after three lemons (10).
    expect(sorted).toEqual(["jackpot", "500", "100", "50", "25", "20", "15", "10", "5", "1.7"]);
  });

  it("keeps equal prizes in the published order and leaves the published table alone", () => {
    const table = gamesPublication().slot.paytable;
    const before = table.map((line) => line.symbols.join(","));
    const sorted = sortedPaytable(table);
    expect(sorted.map((line) => line.prize)).toEqual([
      "20",
      "10",
      "5",
      "2",
      "1",
      "0.5",
      "0.25",
      "0.25",
      "0.1",
      "0.05",
    ]);
    expect(sorted[6]?.symbols).toEqual(["lemon", "lemon", "lemon"]);
    expect(table.map((line) => line.symbols.join(","))).toEqual(before);
  });
});

describe("the daily free spin", () => {
  it("comes back at the next midnight UTC", () => {
    expect(new Date(nextUtcMidnight(Date.parse("2026-01-15T23:59:59.000Z"))).toISOString()).toBe(
      "2026-01-16T00:00:00.000Z",
    );
    expect(new Date(nextUtcMidnight(Date.parse("2026-01-16T00:00:00.000Z"))).toISOString()).toBe(
      "2026-01-17T00:00:00.000Z",
    );
  });
});

describe("dice target", () => {
  it("reads what the player typed, with a comma or a point, within 2–98 and two decimals", () => {
    expect(parseDiceTarget("50")).toBe(50);
    expect(parseDiceTarget(" 50,5 ")).toBe(50.5);
    expect(parseDiceTarget("2.00")).toBe(2);
    expect(parseDiceTarget("98")).toBe(98);
    for (const bad of ["", "1.99", "98.01", "50.123", "abc", "5e1", "-5", "100"]) {
      expect(parseDiceTarget(bad)).toBeNull();
    }
  });
});
