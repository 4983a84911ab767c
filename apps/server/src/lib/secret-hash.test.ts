import { describe, expect, it } from "vitest";
import { hashSecret, randomCode, verifySecret } from "./secret-hash.ts";

describe("secret hashing", () => {
  it("verifies the right secret and refuses others", async () => {
    const hash = await hashSecret("S3cret-code");
    expect(hash).not.toContain("S3cret-code");
    expect(await verifySecret("S3cret-code", hash)).toBe(true);
    expect(await verifySecret("S3cret-cod", hash)).toBe(false);
    expect(await verifySecret("S3cret-code", "garbage")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashSecret("same")).not.toBe(await hashSecret("same"));
  });

  it("generates codes of the asked length", () => {
    expect(randomCode(10)).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  });
});
