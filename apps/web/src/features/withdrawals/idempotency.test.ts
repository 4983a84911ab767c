import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { retryableWithSameKey, submissionFor } from "./idempotency";

let n = 0;
const newKey = () => `key-${++n}`;

describe("one Idempotency-Key per submitted withdrawal", () => {
  it("reuses the key when the same amount is sent again, a new one otherwise", () => {
    const first = submissionFor(null, "30", newKey);
    expect(submissionFor(first, "30", newKey).key).toBe(first.key);
    const other = submissionFor(first, "31", newKey);
    expect(other.key).not.toBe(first.key);
    expect(other.amount).toBe("31");
  });

  it("keeps the key only when the server may not have answered", () => {
    const answer = (status: number) => new ApiError(status, { error: "X", message: "x" });
    expect(retryableWithSameKey(answer(0))).toBe(true);
    expect(retryableWithSameKey(answer(502))).toBe(true);
    expect(retryableWithSameKey(new TypeError("boom"))).toBe(true);
    expect(retryableWithSameKey(answer(409))).toBe(false);
    expect(retryableWithSameKey(answer(400))).toBe(false);
  });
});
