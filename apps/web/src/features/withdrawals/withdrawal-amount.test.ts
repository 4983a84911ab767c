import { describe, expect, it } from "vitest";
import { amountIssue, canWithdraw, isInFlight, maxAmount, typedAmount } from "./withdrawal-amount";

const limits = { minimum: "30.000000000", balance: "41.500000000" };

describe("withdrawal amount", () => {
  it("reads a French decimal comma and spaces", () => {
    expect(typedAmount(" 1 030,25 ")).toBe("1030.25");
  });

  it("checks the amount against the minimum and the balance", () => {
    expect(amountIssue("", limits)).toBe("required");
    expect(amountIssue("abc", limits)).toBe("format");
    expect(amountIssue("0", limits)).toBe("format");
    expect(amountIssue("30.0000000001", limits)).toBe("format");
    expect(amountIssue("29,999999999", limits)).toBe("belowMinimum");
    expect(amountIssue("30", limits)).toBeUndefined();
    expect(amountIssue("41.5", limits)).toBeUndefined();
    expect(amountIssue("41.500000001", limits)).toBe("aboveBalance");
  });

  it("offers the whole balance, and only when it reaches the minimum", () => {
    expect(maxAmount("41.500000000")).toBe("41.5");
    expect(maxAmount("30.000000000")).toBe("30");
    expect(canWithdraw(limits)).toBe(true);
    expect(canWithdraw({ ...limits, balance: "29.999999999" })).toBe(false);
  });

  it("follows pending and processing requests only", () => {
    expect(isInFlight({ status: "pending" })).toBe(true);
    expect(isInFlight({ status: "processing" })).toBe(true);
    expect(isInFlight({ status: "completed" })).toBe(false);
    expect(isInFlight({ status: "cancelled" })).toBe(false);
  });
});
