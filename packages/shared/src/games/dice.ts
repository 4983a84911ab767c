/**
 * Dice (issue 22): the roll is floor(float × 10 000) / 100, 0.00–99.99, from the first float of
 * the stream. The player picks a target between 2.00 and 98.00 (two decimals at most) and bets
 * the roll ends over it or under it (a roll equal to the target loses both ways). Wins with
 * P = winning outcomes / 10 000 and pays 0.99 / P, so every bet returns exactly 99 %.
 * Rolls and targets are compared in hundredths (integers): no float comparison decides a bet.
 */
import { gameFloats, pickIndex, type Seeds } from "./fair.ts";
import { type Rational, rational } from "./rational.ts";

export const DICE_DIRECTIONS = ["over", "under"] as const;
export type DiceDirection = (typeof DICE_DIRECTIONS)[number];

export const DICE = {
  /** Rolls 0.00 to 99.99: 10 000 outcomes, one hundredth apart. */
  outcomes: 10_000,
  minTarget: 2,
  maxTarget: 98,
} as const;
export const DICE_RTP: Rational = rational(99, 100);

/** The roll in hundredths (0–9999). */
export const diceRollHundredths = (seeds: Seeds) =>
  pickIndex(gameFloats(seeds, 1)[0] ?? 0, DICE.outcomes);

/** The roll as shown and published: 0.00–99.99 (a JSON number). */
export const diceRoll = (seeds: Seeds) => diceRollHundredths(seeds) / 100;

/** A finite number in [2, 98] written with two decimals at most (50, 50.5, 50.25). */
export function isDiceTarget(target: unknown): target is number {
  return (
    typeof target === "number" &&
    Number.isFinite(target) &&
    target >= DICE.minTarget &&
    target <= DICE.maxTarget &&
    /^\d{1,2}(\.\d{1,2})?$/.test(String(target))
  );
}

/** 50.25 → 5025 (exact for every valid target). */
export const toHundredths = (value: number) => Math.round(value * 100);

function checkedTarget(target: number): number {
  if (!isDiceTarget(target)) throw new RangeError("Bad dice target");
  return toHundredths(target);
}

/** How many of the 10 000 rolls win: over T wins on T+1 … 9999, under T on 0 … T−1. */
export function diceWinningOutcomes(target: number, direction: DiceDirection): number {
  const t = checkedTarget(target);
  return direction === "over" ? DICE.outcomes - 1 - t : t;
}

export const diceChance = (target: number, direction: DiceDirection): Rational =>
  rational(diceWinningOutcomes(target, direction), DICE.outcomes);

/** 0.99 / P, exactly: 9900 / winning outcomes. */
export const diceMultiplier = (target: number, direction: DiceDirection): Rational =>
  rational((DICE.outcomes * 99) / 100, diceWinningOutcomes(target, direction));

/** Whether a roll (in hundredths) wins: strictly over or strictly under the target. */
export function diceWins(rollHundredths: number, target: number, direction: DiceDirection) {
  const t = checkedTarget(target);
  return direction === "over" ? rollHundredths > t : rollHundredths < t;
}
