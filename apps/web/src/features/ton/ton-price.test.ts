import type { TonPrice } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { fiatEquivalent, tonPriceView } from "./ton-price";

describe("fiatEquivalent", () => {
  it("multiplies decimal strings exactly and rounds half up to the cent", () => {
    expect(fiatEquivalent("1.5", "4.98")).toBe("7.47");
    expect(fiatEquivalent("1.500000000", "4.98")).toBe("7.47");
    expect(fiatEquivalent("0.1", "0.3")).toBe("0.03");
    // 0.005 exactly: up, where a float (0.1 × 0.05 = 0.005000000000000001, or below) may not.
    expect(fiatEquivalent("0.1", "0.05")).toBe("0.01");
    expect(fiatEquivalent("0.1", "0.04999999")).toBe("0.00");
    expect(fiatEquivalent("3", "1.005")).toBe("3.02");
    expect(fiatEquivalent("0.000000001", "1000000")).toBe("0.00");
    // (10^12 − 10^-9) × (10^7 − 10^-8) = 10^19 − 10^4 − 0.01 + 10^-17: beyond a float's digits.
    expect(fiatEquivalent("999999999999.999999999", "9999999.99999999")).toBe(
      "9999999999999989999.99",
    );
    expect(fiatEquivalent("25", "5.4321")).toBe("135.80");
  });

  it("refuses what is not a decimal amount", () => {
    for (const [ton, price] of [
      ["1e3", "5"],
      ["-1", "5"],
      ["1", "NaN"],
      ["1", "5.123456789"],
      ["", "5"],
    ] as const) {
      expect(fiatEquivalent(ton, price)).toBeNull();
    }
  });
});

describe("tonPriceView", () => {
  const price: TonPrice = {
    available: true,
    usd: "5.4321",
    eur: "4.98",
    updatedAt: "2026-11-26T10:00:00.000Z",
    source: "coingecko",
    stale: false,
  };

  it("is unavailable without a price, or when loading failed", () => {
    expect(tonPriceView(undefined)).toEqual({ state: "unavailable" });
    expect(
      tonPriceView({
        available: false,
        usd: null,
        eur: null,
        updatedAt: null,
        source: null,
        stale: false,
      }),
    ).toEqual({ state: "unavailable" });
  });

  it("is fresh or stale as the server says", () => {
    expect(tonPriceView(price)).toEqual({
      state: "fresh",
      usd: "5.4321",
      eur: "4.98",
      updatedAt: price.updatedAt,
    });
    expect(tonPriceView({ ...price, stale: true }).state).toBe("stale");
  });
});
