import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rational } from "./rational.ts";
import {
  TOWERS,
  TOWERS_DIFFICULTIES,
  type TowersDifficulty,
  towersMultiplier,
  towersTraps,
} from "./towers.ts";

const SHAPES: Record<string, [number, number]> = {
  easy: [4, 3],
  medium: [3, 2],
  hard: [2, 1],
  expert: [3, 1],
  master: [4, 1],
};

/** Reference: node:crypto floats consumed floor by floor; "positions not yet drawn" as a filter. */
function referenceTraps(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  tiles: number,
  safe: number,
) {
  const floats: number[] = [];
  for (let round = 0; floats.length < 27; round++) {
    const block = createHmac("sha256", serverSeed)
      .update(`${clientSeed}:${nonce}:${round}`)
      .digest();
    for (let i = 0; i < 8; i++) floats.push(block.readUInt32BE(i * 4) / 2 ** 32);
  }
  let cursor = 0;
  const floors: number[][] = [];
  for (let floor = 0; floor < 9; floor++) {
    const traps: number[] = [];
    while (traps.length < tiles - safe) {
      const free = [0, 1, 2, 3].slice(0, tiles).filter((p) => !traps.includes(p));
      traps.push(free[Math.floor((floats[cursor++] as number) * free.length)] as number);
    }
    floors.push(traps.toSorted((a, b) => a - b));
  }
  return floors;
}

describe("Towers", () => {
  it("publishes the issue's difficulties and 9 floors", () => {
    expect(TOWERS.floors).toBe(9);
    for (const [difficulty, [tiles, safe]] of Object.entries(SHAPES)) {
      expect(TOWERS.difficulties[difficulty as TowersDifficulty]).toEqual({ tiles, safe });
    }
  });

  it("places traps like the independent reference for fixed seeds", () => {
    for (const difficulty of TOWERS_DIFFICULTIES) {
      const [tiles, safe] = SHAPES[difficulty] ?? [0, 0];
      for (let nonce = 0; nonce < 20; nonce++) {
        expect(
          towersTraps({ serverSeed: "tower-seed", clientSeed: "me", nonce }, difficulty),
        ).toEqual(referenceTraps("tower-seed", "me", nonce, tiles, safe));
      }
    }
  });

  it("always has tiles − safe distinct traps in range on each of the 9 floors", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 64 }),
        fc.string({ maxLength: 64 }),
        fc.nat(),
        fc.constantFrom(...TOWERS_DIFFICULTIES),
        (serverSeed, clientSeed, nonce, difficulty) => {
          const { tiles, safe } = TOWERS.difficulties[difficulty];
          const floors = towersTraps({ serverSeed, clientSeed, nonce }, difficulty);
          expect(floors).toHaveLength(9);
          for (const traps of floors) {
            expect(traps).toHaveLength(tiles - safe);
            expect(new Set(traps).size).toBe(traps.length);
            expect(traps.every((p) => Number.isInteger(p) && p >= 0 && p < tiles)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("multiplies by exactly 0.99 × (tiles / safe)^k", () => {
    expect(towersMultiplier("easy", 0)).toEqual(rational(99, 100));
    expect(towersMultiplier("medium", 2)).toEqual(rational(99 * 9, 100 * 4)); // 2.2275
    expect(towersMultiplier("master", 9)).toEqual(rational(99 * 4 ** 9, 100));
    expect(() => towersMultiplier("hard", 10)).toThrow(RangeError);
    expect(() => towersMultiplier("hard", -1)).toThrow(RangeError);
  });

  it("returns exactly 99 % for a cash-out after any number of floors", () => {
    for (const difficulty of TOWERS_DIFFICULTIES) {
      const [tiles, safe] = SHAPES[difficulty] ?? [1, 1];
      for (let k = 0; k <= 9; k++) {
        const m = towersMultiplier(difficulty, k);
        // P(k safe floors) = (safe / tiles)^k
        expect(m.num * BigInt(safe) ** BigInt(k) * 100n).toBe(
          99n * m.den * BigInt(tiles) ** BigInt(k),
        );
      }
    }
  });
});
