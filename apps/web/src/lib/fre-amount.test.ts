import { describe, expect, it } from "vitest";
import { formatFre, freParts } from "./fre-amount";

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
    expect(formatFre(123_456_789_012_345_678n, "en", { minFractionDigits: 9 })).toBe(
      "123,456,789.012345678",
    );
  });

  it("cuts extra digits instead of rounding up", () => {
    expect(formatFre("0.999999999", "en", { maxFractionDigits: 4 })).toBe("0.9999");
    expect(formatFre("1.001041667", "en", { maxFractionDigits: 2 })).toBe("1.00");
  });

  it("trims trailing zeros down to the minimum", () => {
    expect(formatFre("0.500000000", "en")).toBe("0.50");
    expect(formatFre("0.500000000", "en", { minFractionDigits: 0 })).toBe("0.5");
    expect(formatFre("3.000000000", "en", { minFractionDigits: 0 })).toBe("3");
    expect(formatFre("0.000000000", "en", { minFractionDigits: 9 })).toBe("0.000000000");
  });

  it("signs amounts when asked, never a zero", () => {
    expect(formatFre("0.024500000", "en", { signed: true })).toBe("+0.0245");
    expect(formatFre("-0.024500000", "en", { signed: true })).toBe("-0.0245");
    expect(formatFre("-0.000000001", "en", { maxFractionDigits: 2 })).toBe("0.00");
    expect(formatFre("0.000000000", "en", { signed: true })).toBe("0.00");
  });

  it("refuses what is not an amount", () => {
    expect(() => formatFre("1e3", "en")).toThrow(RangeError);
  });
});

describe("freParts", () => {
  it("splits whole, separator and fraction for the live counter", () => {
    expect(freParts("12.000579000", "fr", { minFractionDigits: 9 })).toEqual({
      sign: "",
      whole: "12",
      decimal: ",",
      fraction: "000579000",
    });
  });
});
