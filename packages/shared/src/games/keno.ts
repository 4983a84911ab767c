/**
 * Keno (issue 14 §2): numbers 1–40, 10 drawn. Each of 10 floats takes index
 * floor(float × remaining) from the ascending list of numbers not yet drawn; the draw is kept in
 * draw order. The player picks 1–10 distinct numbers and a risk; the payout multiplier is
 * `KENO.paytables[risk][picks][hits]`. RTPs are computed exactly (hypergeometric) by `kenoRtp`.
 */
import { gameFloats, pickIndex, type Seeds } from "./fair.ts";
import { KENO_PAYTABLES } from "./keno-paytables.ts";
import {
  addRational,
  mulRational,
  type Rational,
  rational,
  rationalFromDecimal,
  ZERO,
} from "./rational.ts";

export const KENO_RISKS = ["classic", "low", "medium", "high"] as const;
export type KenoRisk = (typeof KENO_RISKS)[number];

export const KENO = {
  numbers: 40,
  draw: 10,
  minPicks: 1,
  maxPicks: 10,
  risks: KENO_RISKS,
  /** paytables[risk][picks][hits] = multiplier (at most 2 decimals); index 0 of picks unused. */
  paytables: KENO_PAYTABLES as Record<KenoRisk, readonly (readonly number[])[]>,
} as const;

export function kenoDraw(seeds: Seeds): number[] {
  const remaining = Array.from({ length: KENO.numbers }, (_, i) => i + 1);
  return gameFloats(seeds, KENO.draw).map(
    (float) => remaining.splice(pickIndex(float, remaining.length), 1)[0] ?? 0,
  );
}

/** True for 1–10 distinct integers in 1–40. */
export function isValidKenoPicks(picks: readonly number[]): boolean {
  return (
    picks.length >= KENO.minPicks &&
    picks.length <= KENO.maxPicks &&
    new Set(picks).size === picks.length &&
    picks.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO.numbers)
  );
}

export const kenoHits = (picks: readonly number[], draw: readonly number[]) =>
  picks.filter((n) => draw.includes(n)).length;

/** Exact multiplier from the published table (decimal numbers with ≤ 2 decimals). */
export function kenoPaytableMultiplier(risk: KenoRisk, picksCount: number, hits: number): Rational {
  const value = KENO.paytables[risk]?.[picksCount]?.[hits];
  if (value === undefined) throw new RangeError("Bad Keno risk, picks or hits");
  return rationalFromDecimal(value.toFixed(2));
}

export function kenoMultiplier(
  risk: KenoRisk,
  picks: readonly number[],
  draw: readonly number[],
): Rational {
  if (!isValidKenoPicks(picks)) throw new RangeError("Bad Keno picks");
  return kenoPaytableMultiplier(risk, picks.length, kenoHits(picks, draw));
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** P(hits = h | picks) = C(picks, h) · C(40 − picks, 10 − h) / C(40, 10). */
export function kenoHitProbability(picksCount: number, hits: number): Rational {
  return rational(
    choose(picksCount, hits) * choose(KENO.numbers - picksCount, KENO.draw - hits),
    choose(KENO.numbers, KENO.draw),
  );
}

export function kenoRtp(risk: KenoRisk, picksCount: number): Rational {
  let rtp = ZERO;
  for (let hits = 0; hits <= picksCount; hits++) {
    rtp = addRational(
      rtp,
      mulRational(
        kenoHitProbability(picksCount, hits),
        kenoPaytableMultiplier(risk, picksCount, hits),
      ),
    );
  }
  return rtp;
}
