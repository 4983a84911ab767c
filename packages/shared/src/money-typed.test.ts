import { describe, expect, it } from "vitest";
import { normalizeTypedFre, parseFre } from "./money.ts";
import { signedFreAmountSchema } from "./schemas/admin.ts";
import { freAmountSchema } from "./schemas/common.ts";

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? "ok" : result.error?.issues[0]?.message;

describe("amounts as typed (decision 0056)", () => {
  it("reads the French decimal comma, both signs, the Unicode minus and grouped thousands", () => {
    expect(normalizeTypedFre("100,5")).toBe("100.5");
    expect(normalizeTypedFre(" −12,5 ")).toBe("-12.5");
    expect(normalizeTypedFre("+40")).toBe("40");
    expect(normalizeTypedFre("1\u202f234,5")).toBe("1234.5");
    expect(normalizeTypedFre("1\u00a0234 567,25")).toBe("1234567.25");
    expect(parseFre(normalizeTypedFre("100,5"))).toBe(100_500_000_000n);
  });

  it("the amount schemas accept them and hand the API's form on", () => {
    expect(signedFreAmountSchema.parse("100,5")).toBe("100.5");
    expect(signedFreAmountSchema.parse("−12,5")).toBe("-12.5");
    expect(freAmountSchema.parse("1\u202f000,25")).toBe("1000.25");
  });

  it("refuses too many decimals, zero, two commas, exponents and amounts past the bound", () => {
    expect(issue(signedFreAmountSchema.safeParse("1,0000000001"))).toBe(
      "must be a FRE amount with at most 9 decimals",
    );
    expect(issue(signedFreAmountSchema.safeParse("0,0"))).toBe("must not be zero");
    expect(issue(freAmountSchema.safeParse("1,2,3"))).toBe(
      "must be a FRE amount with at most 9 decimals",
    );
    expect(freAmountSchema.safeParse("1e3").success).toBe(false);
    expect(freAmountSchema.safeParse("-5").success).toBe(false);
    expect(issue(signedFreAmountSchema.safeParse("−1000000000,5"))).toBe(
      "must be at most 1000000000 FRE",
    );
    expect(signedFreAmountSchema.safeParse("−1 000 000 000").success).toBe(true);
  });
});
