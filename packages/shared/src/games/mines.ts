/**
 * Mines (issue 35 §3): a 5 × 5 grid, tiles 0–24; the player picks 1–24 mines and a bet, reveals
 * tiles one by one and may cash out at any time. The mines are drawn exactly as Keno draws its
 * numbers: each float of the shared stream takes index floor(float × remaining) from the
 * ascending list of tiles not yet drawn; the first `mines` draws are the mines (in draw order).
 * Cash-out after k safe reveals pays (1 − edge) × C(25, k) / C(25 − mines, k): k safe tiles in a
 * row are found with probability C(25 − mines, k) / C(25, k), so the RTP is 1 − edge whatever the
 * player does. The edge is the other games' (1 %).
 */
import { z } from "zod";
import { betAmountSchema } from "./bet-bodies.ts";
import { gameFloats, pickIndex, type Seeds } from "./fair.ts";
import { mulRational, type Rational, rational } from "./rational.ts";

export const MINES = { tiles: 25, columns: 5, minMines: 1, maxMines: 24 } as const;
/** 1 − edge: every game's 99 %. */
export const MINES_RTP: Rational = rational(99, 100);

/** The mine tiles, in draw order. */
export function minesDraw(seeds: Seeds, mines: number): number[] {
  if (!isMinesCount(mines)) throw new RangeError("Bad mine count");
  const remaining = Array.from({ length: MINES.tiles }, (_, tile) => tile);
  return gameFloats(seeds, mines).map(
    (float) => remaining.splice(pickIndex(float, remaining.length), 1)[0] ?? 0,
  );
}

export const isMinesCount = (mines: unknown): mines is number =>
  Number.isInteger(mines) &&
  (mines as number) >= MINES.minMines &&
  (mines as number) <= MINES.maxMines;

/** C(n, k), exactly. */
function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** (1 − edge) × C(25, k) / C(25 − mines, k), exactly, for k = 0 … 25 − mines safe reveals. */
export function minesMultiplier(mines: number, safeReveals: number): Rational {
  if (!isMinesCount(mines)) throw new RangeError("Bad mine count");
  const safe = MINES.tiles - mines;
  if (!Number.isInteger(safeReveals) || safeReveals < 0 || safeReveals > safe) {
    throw new RangeError("Bad reveal count");
  }
  return mulRational(
    MINES_RTP,
    rational(choose(MINES.tiles, safeReveals), choose(safe, safeReveals)),
  );
}

const tileSchema = z
  .number()
  .int()
  .min(0)
  .max(MINES.tiles - 1);
export const minesCountSchema = z.number().int().min(MINES.minMines).max(MINES.maxMines);
export const minesRoundBodySchema = z.object({ amount: betAmountSchema, mines: minesCountSchema });
export const minesRevealBodySchema = z.object({ tile: tileSchema });

const tiles = z.array(z.number().int());
export const minesOutcomes = {
  /** The mine tiles, in draw order. */
  verified: z.object({ mines: tiles }),
  played: z.object({
    /** How many mines the player chose. */
    count: z.number().int(),
    /** The tiles revealed, in order (the last one is the mine that lost, if any). */
    revealed: tiles,
    /** The mine tiles: empty while the round runs, all of them once it is settled. */
    mines: tiles,
  }),
};
