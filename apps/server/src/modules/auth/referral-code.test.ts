import { describe, expect, it } from "vitest";
import { referralCodeFor } from "./referral-code.ts";

describe("referralCodeFor", () => {
  it("takes the first three letters in capitals and three random characters", () => {
    const code = referralCodeFor("alice_99");
    expect(code).toMatch(/^ALI[A-Z0-9]{3}$/);
  });

  it("pads with X when the nickname has fewer than three letters", () => {
    expect(referralCodeFor("a1", () => 0)).toBe("AXXAAA");
    expect(referralCodeFor("123", () => 35)).toBe("XXX999");
  });

  it("drops accents and non-letters", () => {
    expect(referralCodeFor("Élo-dïe", () => 1)).toBe("ELOBBB");
  });
});
