import { describe, expect, it } from "vitest";
import { hasStartedMining } from "./dashboard-page";

const session = {
  id: "s1",
  startTime: "2026-01-01T00:00:00.000Z",
  endTime: "2026-01-02T00:00:00.000Z",
  active: true,
  ended: false,
  claimed: false,
  earnings: "0.000000000",
  remainingMs: 1000,
  accrual: {
    accrued: "0.000000000",
    segmentStart: "2026-01-01T00:00:00.000Z",
    rate: "0.001041667",
  },
};

describe("hasStartedMining (the push offer waits for it)", () => {
  it("is false for a new user: no session, nothing mined", () => {
    expect(hasStartedMining(null, "0.000000000")).toBe(false);
    expect(hasStartedMining(null, undefined)).toBe(false);
  });

  it("is true once a session exists, or lifetime earnings do", () => {
    expect(hasStartedMining(session, "0.000000000")).toBe(true);
    expect(hasStartedMining(null, "0.024999999")).toBe(true);
  });
});
