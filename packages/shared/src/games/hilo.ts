/**
 * Hi-Lo (issue 14 §2): cards from an infinite deck, card n = floor(float_n × 52); rank = index
 * div 4 (2 … 10, J, Q, K, A), suit = index mod 4 (♦, ♥, ♠, ♣). "higher" wins on a higher or
 * same rank, "lower" on a lower or same rank; "skip" draws the next card at no change.
 * Step multiplier = 0.99 / P(win) with P = (ranks that win) / 13.
 *
 * Edge ranks: on an ace "higher" can only be won by another ace (P = 1/13, × 12.87) and on a 2
 * "lower" only by another 2 (P = 1/13, × 12.87); the opposite guesses always win (P = 1,
 * × 0.99) and so only lower the running multiplier. We keep 0.99 / P everywhere so every step,
 * hence every round, returns exactly 99 %.
 */
import { gameFloats, pickIndex, type Seeds } from "./fair.ts";
import { type Rational, rational } from "./rational.ts";

export const HILO_DECK = 52;
export const HILO_RANKS = [
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "J",
  "Q",
  "K",
  "A",
] as const;
export const HILO_SUITS = ["♦", "♥", "♠", "♣"] as const;
export const HILO_GUESSES = ["higher", "lower", "skip"] as const;
export type HiloGuess = (typeof HILO_GUESSES)[number];
export const HILO_RTP: Rational = rational(99, 100);

export function hiloCards(seeds: Seeds, count = HILO_DECK): number[] {
  return gameFloats(seeds, count).map((float) => pickIndex(float, HILO_DECK));
}

export const cardRank = (index: number) => Math.floor(index / 4);

export function cardLabel(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= HILO_DECK) throw new RangeError("Bad card");
  return `${HILO_RANKS[cardRank(index)]}${HILO_SUITS[index % 4]}`;
}

/** How many of the 13 ranks win the guess from this card. */
export function hiloWinningRanks(cardIndex: number, guess: "higher" | "lower"): number {
  const rank = cardRank(cardIndex);
  return guess === "higher" ? HILO_RANKS.length - rank : rank + 1;
}

export function hiloStepMultiplier(cardIndex: number, guess: "higher" | "lower"): Rational {
  cardLabel(cardIndex);
  return rational(99 * HILO_RANKS.length, 100 * hiloWinningRanks(cardIndex, guess));
}

export function hiloWins(current: number, next: number, guess: "higher" | "lower"): boolean {
  return guess === "higher"
    ? cardRank(next) >= cardRank(current)
    : cardRank(next) <= cardRank(current);
}
