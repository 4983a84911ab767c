import { describe, expect, it } from "vitest";
import { diceBetBodySchema } from "./bet-bodies.ts";
import {
  DICE,
  diceChance,
  diceMultiplier,
  diceRoll,
  diceRollHundredths,
  diceWinningOutcomes,
  diceWins,
  isDiceTarget,
} from "./dice.ts";
import { gameFloats } from "./fair.ts";
import { addRational, formatMultiplier, mulRational, rational } from "./rational.ts";
import { gameRegistry } from "./registry.ts";
import { verifyOutcome } from "./verify.ts";

const seeds = { serverSeed: "a".repeat(64), clientSeed: "dice", nonce: 0 };

describe("dice", () => {
  it("rolls floor(first float × 10 000) / 100 from the shared stream", () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const s = { ...seeds, nonce };
      const [float = 0] = gameFloats(s, 1);
      expect(diceRollHundredths(s)).toBe(Math.floor(float * 10_000));
      const roll = diceRoll(s);
      expect(roll).toBe(Math.floor(float * 10_000) / 100);
      expect(roll).toBeGreaterThanOrEqual(0);
      expect(roll).toBeLessThanOrEqual(99.99);
      expect(String(roll)).toMatch(/^\d{1,2}(\.\d{1,2})?$/);
      expect(verifyOutcome("dice", s)).toEqual({ roll });
    }
  });

  it("takes targets 2.00 to 98.00 with two decimals at most", () => {
    for (const ok of [2, 2.01, 50, 50.5, 50.25, 97.99, 98]) expect(isDiceTarget(ok)).toBe(true);
    for (const bad of [1.99, 98.01, 50.123, 0, 100, Number.NaN, Number.POSITIVE_INFINITY, "50"]) {
      expect(isDiceTarget(bad)).toBe(false);
    }
    const body = (target: unknown) =>
      diceBetBodySchema.safeParse({ amount: "1", target, direction: "over" }).success;
    expect(body(50.5)).toBe(true);
    for (const bad of [50.123, "50", Number.NaN, 1.5, 98.5, null]) expect(body(bad)).toBe(false);
  });

  it("wins strictly over or under; the edge rolls 0.00 and 99.99", () => {
    expect(diceWins(0, 2, "under")).toBe(true);
    expect(diceWins(0, 2, "over")).toBe(false);
    expect(diceWins(9999, 98, "over")).toBe(true);
    expect(diceWins(9999, 98, "under")).toBe(false);
    // A roll equal to the target loses both ways.
    expect(diceWins(5000, 50, "over")).toBe(false);
    expect(diceWins(5000, 50, "under")).toBe(false);
    expect(diceWins(5001, 50, "over")).toBe(true);
    expect(diceWins(4999, 50, "under")).toBe(true);
  });

  it("pays 0.99 / P exactly at the bounds", () => {
    // under 2.00: rolls 0.00–1.99 (200 of 10 000), × 49.5.
    expect(diceWinningOutcomes(2, "under")).toBe(200);
    expect(diceChance(2, "under")).toEqual(rational(1, 50));
    expect(diceMultiplier(2, "under")).toEqual(rational(99, 2));
    // over 98.00: rolls 98.01–99.99 (199), × 9900/199 = 49.7487…
    expect(diceWinningOutcomes(98, "over")).toBe(199);
    expect(diceMultiplier(98, "over")).toEqual(rational(9900, 199));
    expect(formatMultiplier(diceMultiplier(98, "over"))).toBe("49.7487");
    // over 2.00: 9799 outcomes; under 98.00: 9800.
    expect(diceWinningOutcomes(2, "over")).toBe(9799);
    expect(diceMultiplier(98, "under")).toEqual(rational(99, 98));
    expect(diceMultiplier(50, "over")).toEqual(rational(9900, 4999));
    expect(diceMultiplier(50.5, "under")).toEqual(rational(9900, 5050));
    expect(() => diceMultiplier(1, "over")).toThrow(RangeError);
  });

  it("returns exactly 99 % for every target and direction", () => {
    for (let t = DICE.minTarget * 100; t <= DICE.maxTarget * 100; t += 37) {
      const target = t / 100;
      for (const direction of ["over", "under"] as const) {
        expect(
          mulRational(diceChance(target, direction), diceMultiplier(target, direction)),
        ).toEqual(rational(99, 100));
      }
    }
    // Enumerating the 10 000 rolls at one target gives the same.
    let rtp = rational(0);
    for (let roll = 0; roll < DICE.outcomes; roll++) {
      if (diceWins(roll, 33.33, "over")) {
        rtp = addRational(
          rtp,
          mulRational(rational(1, DICE.outcomes), diceMultiplier(33.33, "over")),
        );
      }
    }
    expect(rtp).toEqual(rational(99, 100));
  });

  it("is in the registry: publication and the match of a recorded roll", () => {
    expect(gameRegistry.dice.publication()).toMatchObject({ minTarget: 2, maxTarget: 98 });
    const recorded = { roll: 12.34, target: 50, direction: "over", win: false };
    expect(gameRegistry.dice.matches(recorded, { roll: 12.34 })).toBe(true);
    expect(gameRegistry.dice.matches({ roll: 12.35 }, { roll: 12.34 })).toBe(false);
  });
});
