import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MINES, minesDraw, minesMultiplier, minesRoundBodySchema } from "./mines.ts";
import { gamesPublication } from "./publication.ts";
import { mulRational, rational } from "./rational.ts";
import { verifyResult } from "./verify.ts";

/** Reference: node:crypto floats; the k-th tile not yet taken, found by walking 0…24. */
function referenceMines(serverSeed: string, clientSeed: string, nonce: number, count: number) {
  const blocks = [0, 1, 2].map((round) =>
    createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest(),
  );
  const bytes = Buffer.concat(blocks);
  const taken = new Array<boolean>(25).fill(false);
  const drawn: number[] = [];
  for (let i = 0; i < count; i++) {
    let k = Math.floor((bytes.readUInt32BE(i * 4) / 4294967296) * (25 - i));
    for (let tile = 0; tile < 25; tile++) {
      if (taken[tile]) continue;
      if (k === 0) {
        taken[tile] = true;
        drawn.push(tile);
        break;
      }
      k--;
    }
  }
  return drawn;
}

const factorial = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * factorial(n - 1));
const binomial = (n: number, k: number) => factorial(n) / (factorial(k) * factorial(n - k));

describe("Mines", () => {
  it("draws its mines like Keno its numbers, from the tiles 0–24 (independent reference)", () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      for (const count of [1, 3, 12, 24]) {
        const seeds = { serverSeed: "e".repeat(64), clientSeed: "mines-client", nonce };
        expect(minesDraw(seeds, count)).toEqual(
          referenceMines(seeds.serverSeed, seeds.clientSeed, nonce, count),
        );
      }
    }
  });

  it("draws m distinct tiles, the first m draws of the same stream whatever m", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.nat(10_000),
        fc.integer({ min: 1, max: 24 }),
        (clientSeed, nonce, count) => {
          const seeds = { serverSeed: "1".repeat(64), clientSeed, nonce };
          const mines = minesDraw(seeds, count);
          expect(new Set(mines).size).toBe(count);
          expect(mines.every((t) => Number.isInteger(t) && t >= 0 && t <= 24)).toBe(true);
          expect(minesDraw(seeds, 24).slice(0, count)).toEqual(mines);
        },
      ),
    );
  });

  it("pays (1 − edge) × C(25, k) / C(25 − m, k), so every cash-out returns 99 %", () => {
    expect(minesMultiplier(3, 0)).toEqual(rational(99, 100));
    expect(minesMultiplier(1, 1)).toEqual(rational(99 * 25, 100 * 24));
    expect(minesMultiplier(24, 1)).toEqual(rational(99 * 25, 100));
    for (let m = MINES.minMines; m <= MINES.maxMines; m++) {
      for (let k = 0; k <= 25 - m; k++) {
        const expected = rational(99n * binomial(25, k), 100n * binomial(25 - m, k));
        expect(minesMultiplier(m, k)).toEqual(expected);
        // P(k safe reveals in a row) = C(25 − m, k) / C(25, k).
        const survive = rational(binomial(25 - m, k), binomial(25, k));
        expect(mulRational(minesMultiplier(m, k), survive)).toEqual(rational(99, 100));
      }
    }
    expect(() => minesMultiplier(24, 2)).toThrow(RangeError);
    expect(() => minesMultiplier(0, 0)).toThrow(RangeError);
    expect(() => minesMultiplier(25, 0)).toThrow(RangeError);
  });

  it("takes 1–24 mines and a typed amount (« 2,5 » reads 2.5)", () => {
    expect(minesRoundBodySchema.parse({ amount: "2,5", mines: 24 })).toEqual({
      amount: "2.5",
      mines: 24,
    });
    expect(minesRoundBodySchema.safeParse({ amount: "1", mines: 0 }).success).toBe(false);
    expect(minesRoundBodySchema.safeParse({ amount: "1", mines: 25 }).success).toBe(false);
  });

  it("is verified from its seeds and published with its multipliers", () => {
    const seeds = { serverSeed: "e".repeat(64), clientSeed: "c", nonce: 7 };
    expect(verifyResult("mines", seeds, { mines: 5 }).outcome).toEqual({
      mines: referenceMines(seeds.serverSeed, seeds.clientSeed, 7, 5),
    });
    const published = gamesPublication().mines;
    expect(published.multipliers).toHaveLength(24);
    expect(published.multipliers[23]).toEqual(["0.99", "24.75"]);
    expect(published.rtp.exact).toBe("99/100");
  });
});
