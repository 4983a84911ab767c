import { describe, expect, it } from "vitest";
import { formatFreAmount } from "./index.ts";

describe("formatFreAmount", () => {
  it("formats exactly in each language, without trailing zeros", () => {
    expect(formatFreAmount("fr", "1234.500000000")).toMatch(/^1\s234,5$/);
    expect(formatFreAmount("en", "1234.500000000")).toBe("1,234.5");
    expect(formatFreAmount("en", "0.025000008")).toBe("0.025000008");
    expect(formatFreAmount("fr", "12.000000000")).toBe("12");
    expect(formatFreAmount("en", "98765432109876.000000001")).toBe("98,765,432,109,876.000000001");
  });
});
