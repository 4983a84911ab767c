import { formatNano, type MiningSessionView } from "@fre/shared";
import { describe, expect, it } from "vitest";
import {
  clockOffsetMs,
  liveEarningsNano,
  miningPhase,
  remainingMs,
  serverNow,
  sessionProgress,
} from "./mining-clock";

const START = Date.parse("2025-03-01T10:00:00.000Z");
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

function session(overrides: Partial<MiningSessionView> = {}): MiningSessionView {
  return {
    id: "s1",
    startTime: iso(START),
    endTime: iso(START + 24 * HOUR),
    active: true,
    ended: false,
    claimed: false,
    earnings: "0.000000000",
    remainingMs: 24 * HOUR,
    accrual: { accrued: "0.000000000", segmentStart: iso(START), rate: "0.001041667" },
    ...overrides,
  };
}

describe("clock offset", () => {
  it("measures the server's clock against the middle of the round trip", () => {
    // Sent at local 1000, answered at local 1400; server said 10 000 → ahead by 8 800.
    expect(clockOffsetMs(iso(10_000), 1000, 1400)).toBe(8800);
    expect(serverNow(8800, 2000)).toBe(10_800);
  });

  it("ignores an unreadable server time", () => {
    expect(clockOffsetMs("nonsense", 1000, 1400)).toBe(0);
  });

  it("keeps earnings right on a device whose clock is an hour late", () => {
    const s = session();
    const localNow = START + 2 * HOUR - HOUR; // the device thinks it is one hour earlier
    const offset = clockOffsetMs(iso(START + 2 * HOUR), localNow - 50, localNow + 50);
    expect(formatNano(liveEarningsNano(s, serverNow(offset, localNow)))).toBe("0.002083334");
  });
});

describe("live earnings", () => {
  it("grows with time from the accrual, at the segment's rate", () => {
    const s = session({
      accrual: { accrued: "0.500000000", segmentStart: iso(START + HOUR), rate: "1.000000000" },
    });
    expect(formatNano(liveEarningsNano(s, START + HOUR))).toBe("0.500000000");
    expect(formatNano(liveEarningsNano(s, START + HOUR + 1800_000))).toBe("1.000000000");
  });

  it("stops at the end of the session", () => {
    const s = session({
      accrual: { accrued: "0.000000000", segmentStart: iso(START), rate: "1.000000000" },
    });
    expect(formatNano(liveEarningsNano(s, START + 48 * HOUR))).toBe("24.000000000");
  });

  it("never shows less than the server already counted", () => {
    const s = session({ earnings: "0.100000000" });
    expect(formatNano(liveEarningsNano(s, START))).toBe("0.100000000");
  });

  it("shows the credited amount once claimed", () => {
    const s = session({ claimed: true, ended: true, active: false, earnings: "0.025000008" });
    expect(formatNano(liveEarningsNano(s, START + 99 * HOUR))).toBe("0.025000008");
  });
});

describe("phase, remaining time and progress", () => {
  it("goes idle → active → ended → claimed", () => {
    expect(miningPhase(null, START)).toBe("idle");
    expect(miningPhase(session(), START + HOUR)).toBe("active");
    // The server said active, but our corrected clock has passed the end.
    expect(miningPhase(session(), START + 24 * HOUR)).toBe("ended");
    expect(miningPhase(session({ ended: true, active: false }), START + HOUR)).toBe("ended");
    expect(miningPhase(session({ claimed: true, ended: true }), START + HOUR)).toBe("claimed");
  });

  it("counts down to zero and fills the progress", () => {
    const s = session();
    expect(remainingMs(s, START + 6 * HOUR)).toBe(18 * HOUR);
    expect(remainingMs(s, START + 30 * HOUR)).toBe(0);
    expect(sessionProgress(s, START + 6 * HOUR)).toBe(0.25);
    expect(sessionProgress(s, START - HOUR)).toBe(0);
    expect(sessionProgress(s, START + 30 * HOUR)).toBe(1);
  });

  it("measures progress against a session shortened by a time reduction", () => {
    const s = session({ endTime: iso(START + 12 * HOUR) });
    expect(sessionProgress(s, START + 6 * HOUR)).toBe(0.5);
  });
});
