import { describe, expect, it } from "vitest";
import { dayFromFrench } from "./french-date";

describe("dayFromFrench", () => {
  it("reads day, month, year", () => {
    expect(dayFromFrench("31/12/2026")).toBe("2026-12-31");
    expect(dayFromFrench(" 1/2/2026 ")).toBe("2026-02-01");
    expect(dayFromFrench("")).toBeUndefined();
  });
  it("refuses what is no real day, or the ISO order", () => {
    expect(dayFromFrench("31/02/2026")).toBeNull();
    expect(dayFromFrench("2026-12-31")).toBeNull();
    expect(dayFromFrench("12/31/2026")).toBeNull();
  });
});
