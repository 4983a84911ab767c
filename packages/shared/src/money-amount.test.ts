import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { betAmountSchema } from "./games/bet-bodies.ts";
import { formatNano, parseFre, parseTypedAmount } from "./money.ts";
import { adminBonusCodeBodySchema } from "./schemas/bonus-codes.ts";
import { dailyAdminSettingsSchema } from "./schemas/daily.ts";
import { adminShopItemBodySchema } from "./schemas/shop.ts";

const value = (text: string, options?: Parameters<typeof parseTypedAmount>[1]) => {
  const parsed = parseTypedAmount(text, options);
  return parsed.ok ? parsed.value : parsed.error;
};

describe("parseTypedAmount: the one reading of a typed amount (decision 0060)", () => {
  it("reads a comma or a point, grouped thousands and the Unicode minus", () => {
    expect(value("100,5")).toBe("100.5");
    expect(value("100.5")).toBe("100.5");
    expect(value("1 000,5")).toBe("1000.5");
    expect(value("1\u00a0000,5")).toBe("1000.5");
    expect(value("1\u202f234\u202f567,25")).toBe("1234567.25");
    expect(value(" 12 ")).toBe("12");
    expect(value("+40")).toBe("40");
    expect(value(",5")).toBe("0.5");
    expect(value("007,50")).toBe("7.50");
    expect(value("−12,5", { allowNegative: true })).toBe("-12.5");
    expect(value("-12,5", { allowNegative: true })).toBe("-12.5");
    expect(value("− 12,5", { allowNegative: true })).toBe("-12.5");
  });

  it("says why it refuses", () => {
    expect(value("")).toBe("empty");
    expect(value(" \u00a0")).toBe("empty");
    expect(value("−12,5")).toBe("negative");
    for (const text of ["1,2,3", "1.000,5", "1,000.5", "12a", "1e3", "0x10", "1 00", "--1", ","])
      expect(value(text), text).toBe("format");
    for (const text of ["1\u00002", "12\n", "\t12", "1\u200b2", "12\u202e"])
      expect(value(text), JSON.stringify(text)).toBe("format");
    expect(value("1,0000000001")).toBe("decimals");
    expect(value("50,555", { decimals: 2 })).toBe("decimals");
    expect(value("50,55", { decimals: 2 })).toBe("50.55");
    expect(value("12,5", { decimals: 0 })).toBe("decimals");
    expect(value("0,0", { allowZero: false })).toBe("zero");
    expect(value("1234567890123")).toBe("range");
    expect(value("1 000 000 000,000000001", { max: "1000000000" })).toBe("range");
    expect(value("1 000 000 000", { max: "1000000000" })).toBe("1000000000");
    expect(value("−1 000 000 000,5", { allowNegative: true, max: "1000000000" })).toBe("range");
  });

  it("reads back any amount as fr, en or ru write it, with either sign (property)", () => {
    const nano = fc.bigInt({ min: -(10n ** 21n) + 1n, max: 10n ** 21n - 1n });
    // es groups with points (« 10.000 »): a point is a decimal point here, so es is typed ungrouped.
    const language = fc.constantFrom("fr-FR", "en-US", "ru-RU");
    fc.assert(
      fc.property(nano, language, (amount, locale) => {
        const [whole = "0", fraction = ""] = formatNano(amount < 0n ? -amount : amount).split(".");
        const grouped = new Intl.NumberFormat(locale, { useGrouping: true }).format(BigInt(whole));
        const point = locale === "en-US" ? "." : ",";
        // en groups with commas, which would be a second separator: en users type no groups.
        const typedWhole = locale === "en-US" ? whole : grouped;
        const sign = amount < 0n ? "\u2212" : "";
        const parsed = parseTypedAmount(`${sign}${typedWhole}${point}${fraction}`, {
          allowNegative: true,
        });
        expect(parsed.ok && parseFre(parsed.value)).toBe(amount);
      }),
    );
  });

  it("never accepts what is not digits, one separator and spaces (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const parsed = parseTypedAmount(text, { allowNegative: true });
        if (parsed.ok) expect(parsed.value).toMatch(/^-?\d{1,12}(\.\d{1,9})?$/);
        if (/[^\d.,+\-\u2212\u2012\u2013 \u00a0\u202f\u2009]/.test(text))
          expect(parsed.ok).toBe(false);
      }),
    );
  });
});

describe("the request schemas that carried their own regex take a typed amount too", () => {
  it("a bet, a daily reward, a shop price and a bonus code's value of « 100,5 »", () => {
    expect(betAmountSchema.parse("100,5")).toBe("100.5");
    const settings = { boostPercent: 10, boostHours: 24, claimsPerFreeze: 7, maxFreezes: 2 };
    expect(
      dailyAdminSettingsSchema.parse({ ...settings, rewards: Array(7).fill("1 000,5") }).rewards,
    ).toEqual(Array(7).fill("1000.5"));
    expect(adminShopItemBodySchema.parse({ priceTon: "1,5" }).priceTon).toBe("1.5");
    expect(
      adminBonusCodeBodySchema.parse({ code: "ABC", type: "fre", rewardValue: "100,5", maxUses: 1 })
        .rewardValue,
    ).toBe("100.5");
    expect(betAmountSchema.safeParse("1,2,3").success).toBe(false);
    expect(betAmountSchema.safeParse("−1").success).toBe(false);
  });
});
