import { describe, expect, it } from "vitest";
import {
  applyMultiplier,
  compareRational,
  formatMultiplier,
  formatPercent,
  rational,
  rationalFromDecimal,
  rationalToNumber,
} from "./rational.ts";

describe("rational multipliers", () => {
  it("normalises and parses decimals", () => {
    expect(rational(6, -4)).toEqual({ num: -3n, den: 2n });
    expect(rationalFromDecimal("12.50")).toEqual({ num: 25n, den: 2n });
    expect(rationalFromDecimal("0")).toEqual({ num: 0n, den: 1n });
    expect(() => rationalFromDecimal("1e3")).toThrow(RangeError);
    expect(() => rationalFromDecimal("-1")).toThrow(RangeError);
    expect(() => rational(1, 0)).toThrow(RangeError);
  });

  it("pays floor(amount × m) in nano-FRE", () => {
    expect(applyMultiplier(1_000_000_000n, rational(99 * 4, 100 * 3))).toBe(1_320_000_000n);
    expect(applyMultiplier(1n, rational(99, 100))).toBe(0n);
    expect(applyMultiplier(3n, rational(2, 3))).toBe(2n);
    expect(applyMultiplier(7n, rational(5, 3))).toBe(11n); // 35/3 = 11.67
    expect(() => applyMultiplier(-1n, rational(1))).toThrow(RangeError);
  });

  it("formats multipliers and percentages, rounding down", () => {
    expect(formatMultiplier(rational(99, 100))).toBe("0.99");
    expect(formatMultiplier(rational(3, 2))).toBe("1.50");
    expect(formatMultiplier(rational(1485, 1000))).toBe("1.485");
    expect(formatMultiplier(rational(2, 3))).toBe("0.6666");
    expect(formatMultiplier(rational(400))).toBe("400.00");
    expect(formatPercent(rational(9899, 10000))).toBe("98.99");
    expect(formatPercent(rational(2, 3), 4)).toBe("66.6666");
    expect(rationalToNumber(rational(1, 4))).toBe(0.25);
    expect(compareRational(rational(1, 3), rational(2, 6))).toBe(0);
    expect(compareRational(rational(1, 3), rational(1, 2))).toBe(-1);
  });
});
