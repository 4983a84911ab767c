import { describe, expect, it } from "vitest";
import { formatNumber } from "./format";
import { intlLocale, LANGUAGES } from "./languages";
import { groupDigits, numberSymbols } from "./number-symbols";

const VALUES = [
  0, 7, 42, 999, 1000, 1234, 9999, 12345, 99999, 123456, 1234567, 987654321012, -1234,
];

describe("number symbols", () => {
  it.each(LANGUAGES)("writes whole numbers as Intl does in %s", (language) => {
    const intl = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 0 });
    for (const value of VALUES) {
      expect(groupDigits(BigInt(value), numberSymbols(language))).toBe(intl.format(value));
      expect(formatNumber(value, language)).toBe(intl.format(value));
    }
  });

  it.each(LANGUAGES)("has Intl's decimal separator in %s", (language) => {
    const decimal = new Intl.NumberFormat(intlLocale(language))
      .formatToParts(1.5)
      .find((part) => part.type === "decimal")?.value;
    expect(numberSymbols(language).decimal).toBe(decimal);
  });

  it("writes a language outside the app's as French, its source language", () => {
    expect(numberSymbols("de")).toEqual(numberSymbols("fr"));
  });

  it("formats fractions through Intl", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
  });
});
