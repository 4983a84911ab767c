import { describe, expect, it } from "vitest";
import { FRE_CONTEXTS, formatFre, formatFreColumn, formatFreSafe, freParts } from "./fre-amount";

// Intl uses narrow no-break spaces as French group separators.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("formatFre", () => {
  it("formats in the user's locale from the decimal string", () => {
    expect(plain(formatFre("1234567.891000000", "fr"))).toBe("1 234 567,891");
    expect(formatFre("1234567.891000000", "en")).toBe("1,234,567.891");
    expect(formatFre("1234567.891000000", "es")).toBe("1.234.567,891");
    expect(plain(formatFre("1234567.891000000", "ru"))).toBe("1 234 567,891");
    expect(formatFre("1234567.891000000", "zh")).toBe("1,234,567.891");
  });

  it("keeps all nine digits exactly, beyond what a double can hold", () => {
    expect(formatFre("987654321098.123456789", "en")).toBe("987,654,321,098.123456789");
    expect(formatFre(123_456_789_012_345_678n, "en", "counter")).toBe("123,456,789.012345678");
  });

  it("rounds half-up on the exact decimal instead of cutting", () => {
    expect(formatFre("0.074999", "fr", "balance")).toBe("0,0750");
    expect(formatFre("0.074949999", "fr", "balance")).toBe("0,0749");
    expect(formatFre("0.07495", "fr", "balance")).toBe("0,0750");
    expect(formatFre("0.999999999", "en", { maxFractionDigits: 4 })).toBe("1.00");
    expect(formatFre("0.999999999", "en", "balance")).toBe("1.0000");
    expect(formatFre("1.001041667", "en", { maxFractionDigits: 2 })).toBe("1.00");
    expect(formatFre("1.005", "en", "leaderboard")).toBe("1.01");
    // 0.285 is 0.28499999… as a double: the decimal string keeps the half exact.
    expect(formatFre("0.285", "en", "leaderboard")).toBe("0.29");
    expect(formatFre("-0.074999", "en", "balance")).toBe("-0.0750");
    // Carries into the whole part and its grouping.
    expect(formatFre("999999.999999", "en", "leaderboard")).toBe("1,000,000.00");
  });

  it("chooses the precision by context", () => {
    const amount = "12.345678912";
    expect(formatFre(amount, "en", "counter")).toBe("12.345678912");
    expect(formatFre(amount, "en", "balance")).toBe("12.3457");
    expect(formatFre(amount, "en", "liveBalance")).toBe("12.345679");
    expect(formatFre(amount, "en", "rate")).toBe("12.345679");
    expect(formatFre(amount, "en", "leaderboard")).toBe("12.35");
    expect(formatFre(amount, "en", "exact")).toBe("12.345678912");
    // Rates keep what they have, at least two digits.
    expect(formatFre("0.001041667", "fr", "rate")).toBe("0,001042");
    expect(formatFre("0.020000000", "fr", "rate")).toBe("0,02");
    expect(formatFre("0.000000000", "fr", "rate")).toBe("0,00");
    expect(formatFre("0.025000000", "fr", "exact")).toBe("0,025");
    expect(formatFre("0.000000000", "fr", "balance")).toBe("0,0000");
  });

  it("uses each language's separators in every context", () => {
    expect(plain(formatFre("1234.074999", "fr", "balance"))).toBe("1 234,0750");
    expect(formatFre("1234.074999", "en", "balance")).toBe("1,234.0750");
    expect(formatFre("1234.074999", "es", "balance")).toBe("1234,0750");
    expect(plain(formatFre("1234.074999", "ru", "balance"))).toBe("1 234,0750");
    expect(formatFre("1234.074999", "zh", "balance")).toBe("1,234.0750");
  });

  it("trims trailing zeros down to the minimum", () => {
    expect(formatFre("0.500000000", "en")).toBe("0.50");
    expect(formatFre("0.500000000", "en", { minFractionDigits: 0 })).toBe("0.5");
    expect(formatFre("3.000000000", "en", "exact")).toBe("3");
    expect(formatFre("0.000000000", "en", { minFractionDigits: 9 })).toBe("0.000000000");
  });

  it("signs amounts when asked, never a zero", () => {
    expect(formatFre("0.024500000", "en", { signed: true })).toBe("+0.0245");
    expect(formatFre("0.024500000", "en", "balance", { signed: true })).toBe("+0.0245");
    expect(formatFre("-0.024500000", "en", "balance", { signed: true })).toBe("-0.0245");
    expect(formatFre("-0.000000001", "en", { maxFractionDigits: 2 })).toBe("0.00");
    expect(formatFre("0.000040000", "en", "balance", { signed: true })).toBe("0.0000");
    expect(formatFre("0.000000000", "en", { signed: true })).toBe("0.00");
  });

  it("refuses what is not an amount, unless asked to be safe", () => {
    expect(() => formatFre("1e3", "en")).toThrow(RangeError);
    expect(formatFreSafe("1e3", "en", "balance")).toBe("1e3");
  });

  it("declares every context with min ≤ max ≤ 9", () => {
    for (const { minFractionDigits, maxFractionDigits } of Object.values(FRE_CONTEXTS)) {
      expect(minFractionDigits).toBeLessThanOrEqual(maxFractionDigits);
      expect(maxFractionDigits).toBeLessThanOrEqual(9);
    }
  });
});

describe("freParts", () => {
  it("splits whole, separator and fraction for the live counter", () => {
    expect(freParts("12.000579000", "fr", "counter")).toEqual({
      sign: "",
      whole: "12",
      decimal: ",",
      fraction: "000579000",
    });
  });
});

describe("formatFreColumn", () => {
  it("gives the rows of a rate breakdown the digits of the most precise one", () => {
    // base, levels, referrals, boosts: "+0,001042", "+0,02", "+0,00", "+0,40" read four ways.
    const rows = ["0.001041667", "0.020000000", "0.000000000", "0.400000000"];
    expect(formatFreColumn(rows, "fr", "rate", { signed: true })).toEqual([
      "+0,001042",
      "+0,020000",
      "0,000000",
      "+0,400000",
    ]);
    expect(formatFreColumn(["0.020000000", "0.400000000"], "en", "rate")).toEqual(["0.02", "0.40"]);
  });

  it("lines up a table's column of published amounts", () => {
    const prizes = ["20", "0.5", "0.25", "0.05"];
    expect(formatFreColumn(prizes, "fr", "exact")).toEqual(["20,00", "0,50", "0,25", "0,05"]);
    expect(formatFreColumn(["20", "10"], "fr", "exact")).toEqual(["20", "10"]);
    expect(formatFreColumn([], "fr", "balance")).toEqual([]);
  });

  it("still rounds within the context's maximum", () => {
    expect(formatFreColumn(["12.345678912", "1"], "en", "balance")).toEqual(["12.3457", "1.0000"]);
  });
});
