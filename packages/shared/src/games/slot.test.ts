import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gamesPublication } from "./publication.ts";
import { rational } from "./rational.ts";
import {
  FRE_MACHINE,
  freMachineJackpotProbability,
  freMachineMultiplier,
  freMachineRtp,
  freMachineTotalRtp,
  isFreMachineJackpot,
  SLOT,
  type SlotMachine,
  slotExpectedPrize,
  slotPrize,
  slotStops,
  slotSymbols,
} from "./slot.ts";

/** Reference stops: node:crypto, stop i = floor(float_i × length_i). */
function referenceStops(serverSeed: string, clientSeed: string, nonce: number, lengths: number[]) {
  const block = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  return lengths.map((length, i) => Math.floor((block.readUInt32BE(4 * i) / 2 ** 32) * length));
}

/**
 * Reference expectation in integer thousandths, by counting symbol combinations per reel
 * (not by scanning stops): Σ prize × Π count(symbol on reel), first matching line wins.
 */
function referenceExpectation(machine: SlotMachine, jackpotOnly = false) {
  const tallies = machine.reels.map((strip) => {
    const tally = new Map<string, bigint>();
    for (const symbol of strip) tally.set(symbol, (tally.get(symbol) ?? 0n) + 1n);
    return tally;
  });
  let num = 0n;
  const [t0, t1, t2] = tallies as [Map<string, bigint>, Map<string, bigint>, Map<string, bigint>];
  for (const [a, ca] of t0) {
    for (const [b, cb] of t1) {
      for (const [c, cc] of t2) {
        const line = machine.paytable.find(
          ({ symbols: [x, y, z] }) =>
            (x === "*" || x === a) && (y === "*" || y === b) && (z === "*" || z === c),
        );
        if (!line) continue;
        const value =
          line.prize === "jackpot"
            ? jackpotOnly
              ? 1000n
              : 0n
            : jackpotOnly
              ? 0n
              : BigInt(Math.round(Number(line.prize) * 1000));
        num += value * ca * cb * cc;
      }
    }
  }
  const den = 1000n * BigInt(machine.reels.reduce((p, strip) => p * strip.length, 1));
  return rational(num, den);
}

describe("slot and FRE machine", () => {
  it("stop like the independent reference for fixed seeds", () => {
    for (const machine of [SLOT, FRE_MACHINE]) {
      const lengths = machine.reels.map((strip) => strip.length);
      for (let nonce = 0; nonce < 30; nonce++) {
        const stops = slotStops(
          { serverSeed: "reel-seed", clientSeed: "player", nonce },
          machine.reels,
        );
        expect(stops).toEqual(referenceStops("reel-seed", "player", nonce, lengths));
        expect(slotSymbols(machine.reels, stops)).toEqual(
          stops.map((s, i) => machine.reels[i]?.[s]),
        );
      }
    }
  });

  it("keeps stops on the strips", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(), (serverSeed, clientSeed, nonce) => {
        for (const machine of [SLOT, FRE_MACHINE]) {
          const stops = slotStops({ serverSeed, clientSeed, nonce }, machine.reels);
          stops.forEach((stop, i) => {
            expect(stop).toBeGreaterThanOrEqual(0);
            expect(stop).toBeLessThan(machine.reels[i]?.length ?? 0);
          });
        }
      }),
    );
    expect(() => slotSymbols(SLOT.reels, [0, 0, 999])).toThrow(RangeError);
  });

  it("pays the first matching line: three of a kind before a cherry line", () => {
    const find = (machine: SlotMachine, symbols: string[]) =>
      symbols.map((symbol, i) => machine.reels[i]?.indexOf(symbol) ?? -1);
    expect(slotPrize(find(SLOT, ["cherry", "cherry", "cherry"]))).toEqual(rational(1, 4));
    expect(slotPrize(find(SLOT, ["cherry", "cherry", "lemon"]))).toEqual(rational(1, 10));
    expect(slotPrize(find(SLOT, ["lemon", "cherry", "cherry"]))).toEqual(rational(0));
    expect(slotPrize(find(SLOT, ["FRE", "FRE", "FRE"]))).toEqual(rational(20));
    const jackpot = find(FRE_MACHINE, ["FRE", "FRE", "FRE"]);
    expect(isFreMachineJackpot(jackpot)).toBe(true);
    expect(freMachineMultiplier(jackpot)).toEqual(rational(0)); // the pool pays it
    expect(freMachineMultiplier(find(FRE_MACHINE, ["seven", "seven", "seven"]))).toEqual(
      rational(500),
    );
    expect(freMachineMultiplier(find(FRE_MACHINE, ["cherry", "bell", "bar"]))).toEqual(
      rational(17, 10),
    );
  });

  it("has exact expectations equal to the reference and to the publication", () => {
    const published = gamesPublication();
    const expected = slotExpectedPrize();
    expect(expected).toEqual(referenceExpectation(SLOT));
    expect(published.slot.expectedPrize.exact).toBe(`${expected.num}/${expected.den}`);
    const base = freMachineRtp();
    expect(base).toEqual(referenceExpectation(FRE_MACHINE));
    expect(freMachineJackpotProbability()).toEqual(referenceExpectation(FRE_MACHINE, true));
    expect(published["fre-machine"].baseRtp.exact).toBe(`${base.num}/${base.den}`);
    const total = freMachineTotalRtp();
    expect(total).toEqual(rational(base.num * 100n + base.den, base.den * 100n));
    expect(published["fre-machine"].rtp.exact).toBe(`${total.num}/${total.den}`);
  });

  it("keeps the FRE machine at ≈ 95 % + 1 % jackpot share, below 100 %", () => {
    const base = freMachineRtp();
    expect(base.num * 1000n).toBeGreaterThanOrEqual(945n * base.den);
    expect(base.num * 1000n).toBeLessThanOrEqual(955n * base.den);
    const total = freMachineTotalRtp();
    expect(total.num * 1000n).toBeGreaterThanOrEqual(955n * total.den);
    expect(total.num).toBeLessThan(total.den);
    expect(Number(freMachineJackpotProbability().num)).toBeGreaterThan(0);
  });
});
