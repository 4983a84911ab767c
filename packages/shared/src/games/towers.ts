/**
 * Towers (issue 14 §2): 9 floors; on each floor `tiles − safe` traps are drawn without
 * replacement from the positions not yet drawn (0-based, ascending), one float each, index
 * floor(float × remaining); floors 0 to 8 in order, floats consumed in that order.
 * Cash-out after k safe floors pays 0.99 × (tiles / safe)^k, so the RTP is 99 % whatever the
 * player's strategy: each floor is survived with probability safe / tiles.
 */
import { gameFloats, pickIndex, type Seeds } from "./fair.ts";
import { type Rational, rational } from "./rational.ts";

export const TOWERS = {
  floors: 9,
  difficulties: {
    easy: { tiles: 4, safe: 3 },
    medium: { tiles: 3, safe: 2 },
    hard: { tiles: 2, safe: 1 },
    expert: { tiles: 3, safe: 1 },
    master: { tiles: 4, safe: 1 },
  },
} as const;

export type TowersDifficulty = keyof typeof TOWERS.difficulties;
export const TOWERS_DIFFICULTIES = Object.keys(TOWERS.difficulties) as TowersDifficulty[];
export const TOWERS_RTP: Rational = rational(99, 100);

/** Trap positions per floor (each floor's list in ascending order). */
export function towersTraps(seeds: Seeds, difficulty: TowersDifficulty): number[][] {
  const { tiles, safe } = TOWERS.difficulties[difficulty];
  const trapsPerFloor = tiles - safe;
  const floats = gameFloats(seeds, TOWERS.floors * trapsPerFloor);
  const floors: number[][] = [];
  let next = 0;
  for (let floor = 0; floor < TOWERS.floors; floor++) {
    const remaining = Array.from({ length: tiles }, (_, position) => position);
    const traps: number[] = [];
    for (let t = 0; t < trapsPerFloor; t++) {
      const [position] = remaining.splice(pickIndex(floats[next++] ?? 0, remaining.length), 1);
      traps.push(position ?? 0);
    }
    floors.push(traps.sort((a, b) => a - b));
  }
  return floors;
}

/** 0.99 × (tiles / safe)^k, exactly. */
export function towersMultiplier(difficulty: TowersDifficulty, safeFloors: number): Rational {
  const { tiles, safe } = TOWERS.difficulties[difficulty];
  if (!Number.isInteger(safeFloors) || safeFloors < 0 || safeFloors > TOWERS.floors) {
    throw new RangeError("Bad floor count");
  }
  const k = BigInt(safeFloors);
  return rational(99n * BigInt(tiles) ** k, 100n * BigInt(safe) ** k);
}
