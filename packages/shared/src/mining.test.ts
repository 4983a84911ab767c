import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BASE_RATE_NANO,
  earningsFor,
  formatRemaining,
  miningRate,
  SESSION_DURATION_MS,
  sessionEarnings,
} from "./mining.ts";
import { formatNano, parseFre } from "./money.ts";

describe("money", () => {
  it("formats and parses with 9 fraction digits", () => {
    expect(formatNano(1_041_667n)).toBe("0.001041667");
    expect(formatNano(-1_500_000_000n)).toBe("-1.500000000");
    expect(parseFre("0.001041667")).toBe(1_041_667n);
    expect(parseFre("12")).toBe(12_000_000_000n);
    expect(() => parseFre("0.0000000001")).toThrow();
    expect(() => parseFre("1e3")).toThrow();
  });

  it("round-trips every amount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (nano) => {
        expect(parseFre(formatNano(nano))).toBe(nano);
      }),
    );
  });
});

describe("earnings", () => {
  it("pays the base rate for a full session: 24 h × 0.001041667", () => {
    expect(earningsFor(BASE_RATE_NANO, SESSION_DURATION_MS)).toBe(25_000_008n);
  });

  it("is monotonic in time and never negative", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: -1000, max: SESSION_DURATION_MS }),
        fc.integer({ min: 0, max: SESSION_DURATION_MS }),
        (rate, a, extra) => {
          const first = earningsFor(rate, a);
          expect(first >= 0n).toBe(true);
          expect(earningsFor(rate, a + extra) >= first).toBe(true);
        },
      ),
    );
  });

  it("splitting a segment never pays more than one segment (floors add up)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: SESSION_DURATION_MS }),
        fc.integer({ min: 0, max: SESSION_DURATION_MS }),
        (rate, a, b) => {
          const whole = earningsFor(rate, a + b);
          const split = earningsFor(rate, a) + earningsFor(rate, b);
          expect(split <= whole).toBe(true);
          expect(whole - split <= 1n).toBe(true);
        },
      ),
    );
  });

  it("stops accruing at the session end", () => {
    const session = { accruedNano: 5n, segmentStartMs: 0, rateNano: 3_600_000n, endMs: 10_000 };
    expect(sessionEarnings(session, 5_000)).toBe(5_005n);
    expect(sessionEarnings(session, 10_000)).toBe(10_005n);
    expect(sessionEarnings(session, 99_999)).toBe(10_005n);
  });
});

describe("rate", () => {
  it("adds levels, at most 20 referrals and boosts", () => {
    const rate = miningRate({ levels: 2, activeReferrals: 22, boostsNano: 100_000_000n });
    expect(rate.levels).toBe(40_000_000n);
    expect(rate.referrals).toBe(20n * 2_083_300n);
    expect(rate.total).toBe(BASE_RATE_NANO + 40_000_000n + 41_666_000n + 100_000_000n);
  });
});

describe("formatRemaining", () => {
  it("prints HH:MM:SS and 00:00:00 once over", () => {
    expect(formatRemaining(SESSION_DURATION_MS)).toBe("24:00:00");
    expect(formatRemaining(61_001)).toBe("00:01:02");
    expect(formatRemaining(-5)).toBe("00:00:00");
  });
});
