import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isValidKenoPicks,
  KENO,
  KENO_RISKS,
  kenoDraw,
  kenoHitProbability,
  kenoMultiplier,
  kenoRtp,
} from "./keno.ts";
import { gamesPublication } from "./publication.ts";
import { rational } from "./rational.ts";

/** Reference: node:crypto floats; the k-th number not yet taken, found by walking 1…40. */
function referenceDraw(serverSeed: string, clientSeed: string, nonce: number): number[] {
  const block = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  const more = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}:1`).digest();
  const bytes = Buffer.concat([block, more]);
  const taken = new Array<boolean>(41).fill(false);
  const drawn: number[] = [];
  for (let i = 0; i < 10; i++) {
    const float = bytes.readUInt32BE(i * 4) / 4294967296;
    let k = Math.floor(float * (40 - i));
    for (let n = 1; n <= 40; n++) {
      if (taken[n]) continue;
      if (k === 0) {
        taken[n] = true;
        drawn.push(n);
        break;
      }
      k--;
    }
  }
  return drawn;
}

/** Reference binomial with factorials, independent of keno.ts. */
const factorial = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * factorial(n - 1));
const binomial = (n: number, k: number) =>
  k < 0 || k > n ? 0n : factorial(n) / (factorial(k) * factorial(n - k));

/** Exact RTP as num / den with the paytable read as integer hundredths. */
function referenceRtp(table: readonly number[], picks: number) {
  let num = 0n;
  for (let hits = 0; hits <= picks; hits++) {
    const cents = BigInt(Math.round((table[hits] ?? 0) * 100));
    num += cents * binomial(picks, hits) * binomial(40 - picks, 10 - hits);
  }
  return { num, den: 100n * binomial(40, 10) };
}

describe("Keno", () => {
  it("draws like the independent reference for fixed seeds", () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const seeds = { serverSeed: "f".repeat(64), clientSeed: "keno-client", nonce };
      expect(kenoDraw(seeds)).toEqual(referenceDraw(seeds.serverSeed, seeds.clientSeed, nonce));
    }
    expect(kenoDraw({ serverSeed: "a".repeat(64), clientSeed: "client", nonce: 1 })).toEqual(
      referenceDraw("a".repeat(64), "client", 1),
    );
  });

  it("always draws 10 distinct numbers in 1–40", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 64 }),
        fc.string({ maxLength: 64 }),
        fc.nat(),
        (s, c, nonce) => {
          const draw = kenoDraw({ serverSeed: s, clientSeed: c, nonce });
          expect(draw).toHaveLength(10);
          expect(new Set(draw).size).toBe(10);
          expect(draw.every((n) => Number.isInteger(n) && n >= 1 && n <= 40)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("pays the published multiplier for the hits, whatever the order of picks", () => {
    const draw = [12, 20, 9, 30, 34, 10, 38, 8, 27, 5];
    expect(kenoMultiplier("classic", [12, 20, 1], draw)).toEqual(rational(331, 100)); // 2 hits of 3
    expect(kenoMultiplier("high", [2, 3, 4], draw)).toEqual(rational(0));
    expect(kenoMultiplier("low", [1], draw)).toEqual(rational(7, 10)); // low pays 0.7 on a miss
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
        fc.constantFrom(...KENO_RISKS),
        (picks, risk) => {
          const hits = picks.filter((n) => draw.includes(n)).length;
          const expected = KENO.paytables[risk][picks.length]?.[hits] ?? -1;
          const m = kenoMultiplier(risk, picks, draw);
          expect(Number(m.num) / Number(m.den)).toBe(expected);
          expect(kenoMultiplier(risk, [...picks].reverse(), draw)).toEqual(m);
        },
      ),
    );
  });

  it("refuses bad picks", () => {
    expect(isValidKenoPicks([])).toBe(false);
    expect(isValidKenoPicks([1, 1])).toBe(false);
    expect(isValidKenoPicks([0])).toBe(false);
    expect(isValidKenoPicks([41])).toBe(false);
    expect(isValidKenoPicks([1.5])).toBe(false);
    expect(isValidKenoPicks([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toBe(false);
    expect(() => kenoMultiplier("classic", [1, 1], [1])).toThrow(RangeError);
  });

  it("publishes paytables with ≤ 2 decimals, one entry per hit count, never decreasing", () => {
    for (const risk of KENO_RISKS) {
      for (let picks = 1; picks <= 10; picks++) {
        const table = KENO.paytables[risk][picks] ?? [];
        expect(table).toHaveLength(picks + 1);
        for (let hits = 0; hits <= picks; hits++) {
          const value = table[hits] ?? -1;
          expect(value).toBeGreaterThanOrEqual(0);
          expect(Math.abs(value * 100 - Math.round(value * 100))).toBeLessThan(1e-9);
          if (hits > 0) expect(value).toBeGreaterThanOrEqual(table[hits - 1] ?? 0);
        }
      }
    }
  });

  it("has an exact RTP per risk and picks, equal to the published one, in 98.8 %–99 %", () => {
    const published = gamesPublication().keno.rtp;
    for (const risk of KENO_RISKS) {
      for (let picks = 1; picks <= 10; picks++) {
        const { num, den } = referenceRtp(KENO.paytables[risk][picks] ?? [], picks);
        const rtp = kenoRtp(risk, picks);
        expect(rtp.num * den).toBe(num * rtp.den);
        expect(published[risk][picks]?.exact).toBe(`${rtp.num}/${rtp.den}`);
        expect(num * 1000n).toBeLessThanOrEqual(990n * den); // ≤ 99 %, so below 100 %
        expect(num * 1000n).toBeGreaterThanOrEqual(988n * den);
      }
    }
  });

  it("uses hit probabilities that sum to 1 (hypergeometric)", () => {
    for (let picks = 1; picks <= 10; picks++) {
      let num = 0n;
      for (let hits = 0; hits <= picks; hits++) {
        const p = kenoHitProbability(picks, hits);
        num += (p.num * binomial(40, 10)) / p.den;
      }
      expect(num).toBe(binomial(40, 10));
    }
  });

  it("matches the hypergeometric distribution on 4 000 seeded draws", () => {
    const picks = [1, 2, 3, 4, 5];
    const counts = new Array<number>(6).fill(0);
    const runs = 4000;
    for (let nonce = 0; nonce < runs; nonce++) {
      const draw = kenoDraw({ serverSeed: "distribution", clientSeed: "check", nonce });
      const hits = picks.filter((n) => draw.includes(n)).length;
      counts[hits] = (counts[hits] ?? 0) + 1;
    }
    let chiSquare = 0;
    for (let hits = 0; hits <= 5; hits++) {
      const p = Number(binomial(5, hits) * binomial(35, 10 - hits)) / Number(binomial(40, 10));
      const expected = p * runs;
      if (expected >= 5) chiSquare += ((counts[hits] ?? 0) - expected) ** 2 / expected;
    }
    // 4 cells with expected ≥ 5 → ≤ 3 degrees of freedom; 16.27 is the 99.9 % quantile.
    expect(chiSquare).toBeLessThan(16.27);
  });
});
