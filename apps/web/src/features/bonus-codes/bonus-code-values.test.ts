import { describe, expect, it } from "vitest";
import {
  hoursToMs,
  msToHoursInput,
  normalizeFreInput,
  redeemMessage,
  wholeHours,
} from "./bonus-code-values";

describe("bonus code values", () => {
  it("converts the admin's hours to integer milliseconds", () => {
    expect(hoursToMs("2")).toBe("7200000");
    expect(hoursToMs(" 1,5 ")).toBe("5400000");
    expect(hoursToMs("0.25")).toBe("900000");
    expect(hoursToMs("0")).toBeNull();
    expect(hoursToMs("-1")).toBeNull();
    expect(hoursToMs("abc")).toBeNull();
    expect(hoursToMs("")).toBeNull();
  });

  it("turns milliseconds back into an hours field", () => {
    expect(msToHoursInput("7200000")).toBe("2");
    expect(msToHoursInput("5400000")).toBe("1.5");
    expect(msToHoursInput("1")).toBe("0");
    expect(msToHoursInput("x")).toBeNull();
    for (const hours of ["1", "3", "0.5", "12.25"]) {
      expect(msToHoursInput(hoursToMs(hours) ?? "")).toBe(hours);
    }
  });

  it("shows whole hours", () => {
    expect(wholeHours("7200000")).toBe(2);
    expect(wholeHours("5400000")).toBe(2);
    expect(wholeHours("1.5")).toBeNull();
  });

  it("accepts FRE amounts with a comma or a point, never zero or negative", () => {
    expect(normalizeFreInput("0,5")).toBe("0.5");
    expect(normalizeFreInput("10")).toBe("10");
    expect(normalizeFreInput("0.000000001")).toBe("0.000000001");
    expect(normalizeFreInput("0.0000000001")).toBeNull();
    expect(normalizeFreInput("0")).toBeNull();
    expect(normalizeFreInput("-1")).toBeNull();
    expect(normalizeFreInput("1e3")).toBeNull();
    expect(normalizeFreInput("999999999")).toBe("999999999");
    expect(normalizeFreInput("999999999999")).toBeNull();
  });

  it("picks the confirmation for each type", () => {
    expect(
      redeemMessage({ code: "A", type: "fre", value: "5.000000000", durationHours: null }),
    ).toEqual({
      key: "fre",
      amount: "5.000000000",
    });
    expect(redeemMessage({ code: "B", type: "boost", value: "0.1", durationHours: 24 })).toEqual({
      key: "boost",
      amount: "0.1",
      hours: 24,
    });
    expect(redeemMessage({ code: "B", type: "boost", value: "0.1", durationHours: null })).toEqual({
      key: "boostNoDuration",
      amount: "0.1",
    });
    expect(
      redeemMessage({ code: "C", type: "time_reduction", value: "10800000", durationHours: null }),
    ).toEqual({ key: "time_reduction", hours: 3 });
    expect(
      redeemMessage({ code: "C", type: "time_reduction", value: "oops", durationHours: null }),
    ).toEqual({ key: "generic" });
  });
});

describe("admin form values", () => {
  it("sends hours as milliseconds for time reductions and FRE strings otherwise", async () => {
    const { rewardValueFromInput, rewardValueToInput } = await import("./admin/admin-form-values");
    expect(rewardValueFromInput("time_reduction", "3")).toBe("10800000");
    expect(rewardValueFromInput("fre", "2,5")).toBe("2.5");
    expect(rewardValueFromInput("boost", "abc")).toBeNull();
    expect(rewardValueToInput("time_reduction", "10800000")).toBe("3");
    expect(rewardValueToInput("fre", "5.000000000")).toBe("5");
    expect(rewardValueToInput("boost", "0.100000000")).toBe("0.1");
  });

  it("checks the code, uses and duration with the shared schema's rules", async () => {
    const { codeFromInput, durationHoursFromInput, maxUsesFromInput } = await import(
      "./admin/admin-form-values"
    );
    expect(codeFromInput(" bienvenue_2 ")).toBe("BIENVENUE_2");
    expect(codeFromInput("ab")).toBeNull();
    expect(codeFromInput("with space")).toBeNull();
    expect(codeFromInput("A".repeat(33))).toBeNull();
    expect(maxUsesFromInput("10")).toBe(10);
    expect(maxUsesFromInput(" 10000000 ")).toBe(10_000_000);
    expect(maxUsesFromInput("10000001")).toBeNull();
    expect(maxUsesFromInput("0")).toBeNull();
    expect(maxUsesFromInput("1.5")).toBeNull();
    expect(durationHoursFromInput("24")).toBe(24);
    expect(durationHoursFromInput(String(24 * 365))).toBe(8760);
    expect(durationHoursFromInput(String(24 * 365 + 1))).toBeNull();
    expect(durationHoursFromInput("")).toBeNull();
  });
});
