import { describe, expect, it } from "vitest";
import { checkLimits, editableLimit, normalizeLimit } from "./game-limits";

describe("game limits form", () => {
  it("accepts 0 < min ≤ max with a comma or a point, and sends the API's form", () => {
    expect(checkLimits({ minBet: " 0,5 ", maxBet: "1 000" })).toEqual({
      issues: {},
      body: { minBet: "0.5", maxBet: "1000" },
    });
    expect(checkLimits({ minBet: "10", maxBet: "10" }).body).toEqual({
      minBet: "10",
      maxBet: "10",
    });
  });

  it("puts each issue on the field to fix", () => {
    expect(checkLimits({ minBet: "", maxBet: "abc" }).issues).toEqual({
      minBet: "required",
      maxBet: "format",
    });
    expect(checkLimits({ minBet: "0", maxBet: "0.0000000001" }).issues).toEqual({
      minBet: "zero",
      maxBet: "format",
    });
    expect(checkLimits({ minBet: "-1", maxBet: "9999999999999" }).issues).toEqual({
      minBet: "format",
      maxBet: "format",
    });
    const reversed = checkLimits({ minBet: "50", maxBet: "5" });
    expect(reversed).toEqual({ issues: { minBet: "minAboveMax" }, body: null });
  });

  it("shows a stored bound without its padding zeros", () => {
    expect(editableLimit("100.000000000")).toBe("100");
    expect(editableLimit("0.500000000")).toBe("0.5");
    expect(normalizeLimit("1 234,5")).toBe("1234.5");
  });
});
