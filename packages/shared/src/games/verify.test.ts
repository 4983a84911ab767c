import { describe, expect, it } from "vitest";
import { gamesPublication } from "./publication.ts";
import { verifyOutcome } from "./verify.ts";

const seeds = { serverSeed: "a".repeat(64), clientSeed: "client", nonce: 1 };

describe("verifyOutcome", () => {
  it("gives each game's outcome in the verify route's shape", () => {
    const keno = verifyOutcome("keno", seeds);
    expect(Object.keys(keno)).toEqual(["draw"]);
    expect(keno.draw).toHaveLength(10);
    const towers = verifyOutcome("towers", seeds, { difficulty: "expert" });
    expect(Object.keys(towers)).toEqual(["floors"]);
    expect(towers.floors.every((traps) => traps.length === 2)).toBe(true);
    const hilo = verifyOutcome("hilo", seeds);
    expect(hilo.cards).toHaveLength(52);
    expect(hilo.cards.every((label) => /^(10|[2-9JQKA])[♦♥♠♣]$/u.test(label))).toBe(true);
    for (const game of ["slot", "fre-machine"] as const) {
      const spin = verifyOutcome(game, seeds);
      expect(Object.keys(spin)).toEqual(["stops", "symbols"]);
      expect(spin.stops).toHaveLength(3);
      expect(spin.symbols).toHaveLength(3);
    }
  });

  it("is deterministic and depends on every seed part", () => {
    const draw = verifyOutcome("keno", seeds).draw;
    expect(verifyOutcome("keno", { ...seeds }).draw).toEqual(draw);
    expect(verifyOutcome("keno", { ...seeds, nonce: 2 }).draw).not.toEqual(draw);
    expect(verifyOutcome("keno", { ...seeds, clientSeed: "other" }).draw).not.toEqual(draw);
    expect(verifyOutcome("keno", { ...seeds, serverSeed: "b".repeat(64) }).draw).not.toEqual(draw);
  });

  it("needs a difficulty for Towers", () => {
    expect(() => verifyOutcome("towers", seeds, {})).toThrow(RangeError);
  });
});

describe("games publication", () => {
  it("serialises to JSON with every game's rules and RTP", () => {
    const publication = JSON.parse(JSON.stringify(gamesPublication()));
    expect(publication.keno.paytables.classic[1]).toEqual([0, 3.96]);
    expect(publication.keno.rtp.classic[1]).toEqual({
      value: 0.99,
      exact: "99/100",
      percent: "99.0000",
    });
    expect(publication.towers.difficulties).toHaveLength(5);
    expect(publication.towers.difficulties[1].multipliers.slice(0, 3)).toEqual([
      "0.99",
      "1.485",
      "2.2275",
    ]);
    expect(publication.hilo.multipliers[12]).toEqual({ higher: "12.87", lower: "0.99" });
    expect(publication.slot.reels).toHaveLength(3);
    expect(publication["fre-machine"].jackpot.seed).toBe("1000");
    expect(publication["fre-machine"].rtp.value).toBeLessThan(1);
  });
});
