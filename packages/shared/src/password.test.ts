import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isStrongPassword, passwordIssues } from "./password.ts";

describe("password policy (spec §5)", () => {
  it("accepts 8+ characters with upper, lower, digit and special", () => {
    expect(passwordIssues("Str0ng!pw")).toEqual([]);
    expect(isStrongPassword("Éte2026#")).toBe(true);
  });

  it("names each missing rule", () => {
    expect(passwordIssues("Sh0rt!")).toEqual(["length"]);
    expect(passwordIssues("lower0!case")).toEqual(["uppercase"]);
    expect(passwordIssues("UPPER0!CASE")).toEqual(["lowercase"]);
    expect(passwordIssues("NoDigits!!")).toEqual(["digit"]);
    expect(passwordIssues("NoSpecial12")).toEqual(["special"]);
    expect(passwordIssues("")).toEqual(["length", "uppercase", "lowercase", "digit", "special"]);
  });

  it("never accepts a password shorter than 8 characters", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 7 }), (pw) => {
        expect(isStrongPassword(pw)).toBe(false);
      }),
    );
  });

  it("accepts any password built from the four classes and long enough", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]$/),
        fc.stringMatching(/^[a-z]$/),
        fc.stringMatching(/^[0-9]$/),
        fc.constantFrom("!", "@", "#", "-", "_", "€"),
        fc.stringMatching(/^[a-zA-Z0-9]{4,20}$/),
        (u, l, d, s, rest) => {
          expect(isStrongPassword(u + l + d + s + rest)).toBe(true);
        },
      ),
    );
  });
});
