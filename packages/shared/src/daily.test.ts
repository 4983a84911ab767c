import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  canClaim,
  claimStep,
  DAILY_CYCLE_DAYS,
  DAILY_MIN_GAP_AFTER_ZONE_CHANGE_MS,
  DAILY_ZONE_CHANGE_MS,
  type DailyRules,
  EMPTY_STREAK,
  isTimeZone,
  type LastClaim,
  localDate,
  nextClaimOpensAt,
  type StreakState,
  startOfLocalDate,
  streakView,
} from "./daily.ts";

const HOUR = 3_600_000;
/** Zones with DST changes at 02:00, at midnight, by 30 minutes, far east and west, and none. */
const ZONES = [
  "UTC",
  "Europe/Paris",
  "America/New_York",
  "America/Santiago",
  "America/Havana",
  "Australia/Lord_Howe",
  "Asia/Kathmandu",
  "Asia/Tokyo",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Pacific/Chatham",
  "America/St_Johns",
] as const;

const RULES: DailyRules = {
  rewardsNano: [1n, 2n, 3n, 5n, 8n, 12n, 20n],
  boostPercent: 10,
  boostHours: 24,
  claimsPerFreeze: 7,
  maxFreezes: 2,
};

const zone = fc.constantFrom(...ZONES);
/** 2020–2035: instants on every side of many DST changes. */
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) });
const FC = { seed: 20_261_126, numRuns: 300 } as const;

describe("local dates", () => {
  it("knows IANA zones and refuses anything else", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    for (const bad of ["Mars/Olympus", "", "Europe/Paris\u0000", "x".repeat(65), "../etc"]) {
      expect(isTimeZone(bad), bad).toBe(false);
    }
  });

  it("starts Paris's days at local midnight on both sides of a DST change", () => {
    // 28 March 2027: clocks go forward; the day is 23 hours long.
    expect(startOfLocalDate("2027-03-28", "Europe/Paris").toISOString()).toBe(
      "2027-03-27T23:00:00.000Z",
    );
    expect(startOfLocalDate("2027-03-29", "Europe/Paris").toISOString()).toBe(
      "2027-03-28T22:00:00.000Z",
    );
    expect(localDate(new Date("2027-03-28T21:59:59.999Z"), "Europe/Paris")).toBe("2027-03-28");
  });

  it("finds the first instant of every local date, even where midnight does not exist", () => {
    fc.assert(
      fc.property(zone, instant, (z, ms) => {
        const date = localDate(new Date(ms), z);
        const start = startOfLocalDate(date, z);
        expect(localDate(start, z)).toBe(date);
        expect(localDate(new Date(start.getTime() - 1), z) < date).toBe(true);
      }),
      FC,
    );
  });
});

interface Attempt {
  /** Milliseconds after the previous attempt. */
  after: number;
  /** Change the zone to this one first (refused within a week of the last change). */
  moveTo: (typeof ZONES)[number] | null;
}

const attempts = fc.array(
  fc.record({
    after: fc.integer({ min: 60_000, max: 60 * HOUR }),
    moveTo: fc.option(zone, { freq: 4 }),
  }),
  { minLength: 1, maxLength: 40 },
);

interface Claim extends LastClaim {
  zone: string;
  /** The zone changed since the previous claim. */
  afterChange: boolean;
}

/** A user tapping "claim" at each attempt and changing zones whenever allowed. */
function simulate(firstZone: string, start: number, list: Attempt[]) {
  let z = firstZone;
  let zoneChangedAt: Date | null = null;
  let now = start;
  let changedSinceClaim = false;
  const claims: Claim[] = [];
  for (const attempt of list) {
    now += attempt.after;
    const at = new Date(now);
    if (attempt.moveTo && attempt.moveTo !== z) {
      const allowed = !zoneChangedAt || now - zoneChangedAt.getTime() >= DAILY_ZONE_CHANGE_MS;
      if (allowed) {
        z = attempt.moveTo;
        zoneChangedAt = at;
        changedSinceClaim = true;
      }
    }
    const last = claims.at(-1) ?? null;
    if (canClaim(at, last, z, zoneChangedAt)) {
      claims.push({ date: localDate(at, z), at, zone: z, afterChange: changedSinceClaim });
      changedSinceClaim = false;
    }
  }
  return claims;
}

describe("claims across zones and DST changes (properties)", () => {
  it("never allows two claims in one local day", () => {
    fc.assert(
      fc.property(zone, instant, attempts, (z, start, list) => {
        const claims = simulate(z, start, list);
        for (let i = 1; i < claims.length; i++) {
          const [a, b] = [claims[i - 1]!, claims[i]!];
          // Each claim's date (in the zone it was made in) is after the previous one's.
          expect(b.date > a.date).toBe(true);
          // In an unchanged zone, the two instants fall on different local dates.
          if (!b.afterChange) expect(localDate(a.at, b.zone) < localDate(b.at, b.zone)).toBe(true);
        }
      }),
      FC,
    );
  });

  it("never lets a zone change shorten a day", () => {
    fc.assert(
      fc.property(zone, instant, attempts, (z, start, list) => {
        const claims = simulate(z, start, list);
        for (let i = 1; i < claims.length; i++) {
          const [a, b] = [claims[i - 1]!, claims[i]!];
          const gap = b.at.getTime() - a.at.getTime();
          if (b.afterChange) {
            expect(gap).toBeGreaterThanOrEqual(DAILY_MIN_GAP_AFTER_ZONE_CHANGE_MS);
          } else {
            // The whole local day after the last claim's had begun.
            expect(b.at >= startOfLocalDate(addDays(a.date, 1), b.zone)).toBe(true);
          }
        }
      }),
      FC,
    );
  });

  it("opens the next claim exactly at nextClaimOpensAt when no zone changed", () => {
    fc.assert(
      fc.property(zone, instant, (z, ms) => {
        const at = new Date(ms);
        const last = { date: localDate(at, z), at };
        const opens = nextClaimOpensAt(last, z, null)!;
        expect(canClaim(new Date(opens.getTime() - 1), last, z, null)).toBe(false);
        expect(canClaim(opens, last, z, null)).toBe(true);
      }),
      FC,
    );
  });
});

describe("the streak step (properties)", () => {
  const gaps = fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 60 });
  const rules = fc.record({
    claimsPerFreeze: fc.integer({ min: 1, max: 10 }),
    maxFreezes: fc.integer({ min: 0, max: 2 }),
  });

  it("a freeze never creates a day: one claim moves the streak and the cycle by one", () => {
    fc.assert(
      fc.property(gaps, rules, (list, r) => {
        const ruleSet = { ...RULES, ...r };
        let state: StreakState = EMPTY_STREAK;
        let date = "2027-01-01";
        let earned = 0;
        let spent = 0;
        let claims = 0;
        for (const gap of list) {
          date = addDays(date, gap);
          const before = state;
          const step = claimStep(state, date, ruleSet);
          claims += 1;
          state = step.state;
          spent += step.freezesUsed;
          const continued = step.state.streak === before.streak + 1 && before.streak > 0;
          if (continued) {
            expect(step.day).toBe((before.cycleDay % DAILY_CYCLE_DAYS) + 1);
            // Bridging spends exactly the missed days, from freezes held.
            expect(step.freezesUsed).toBe(gap - 1);
            expect(step.freezesUsed).toBeLessThanOrEqual(before.freezes);
          } else {
            expect(step).toMatchObject({ day: 1, freezesUsed: 0 });
            expect(step.state.streak).toBe(1);
          }
          if (step.state.freezes > before.freezes - step.freezesUsed) earned += 1;
          expect(step.rewardNano).toBe(RULES.rewardsNano[step.day - 1]);
          expect(step.boost).toBe(step.day === 7);
          expect(state.freezes).toBeGreaterThanOrEqual(0);
          expect(state.freezes).toBeLessThanOrEqual(r.maxFreezes);
          expect(state.streak).toBeLessThanOrEqual(claims);
        }
        expect(spent).toBeLessThanOrEqual(earned);
      }),
      { seed: 20_261_126, numRuns: 500 },
    );
  });

  it("earns one freeze per full week of claims, holds at most two, and resets on a real gap", () => {
    let state: StreakState = EMPTY_STREAK;
    let date = "2027-01-01";
    for (let i = 0; i < 21; i++) {
      date = addDays(date, 1);
      state = claimStep(state, date, RULES).state;
    }
    expect(state).toMatchObject({ streak: 21, freezes: 2, cycleDay: 7 });
    // Two missed days, two freezes: bridged.
    date = addDays(date, 3);
    const bridged = claimStep(state, date, RULES);
    expect(bridged).toMatchObject({ day: 1, freezesUsed: 2, state: { streak: 22, freezes: 0 } });
    // Then one missed day without a freeze: back to day 1, streak 1.
    date = addDays(date, 2);
    expect(claimStep(bridged.state, date, RULES)).toMatchObject({ day: 1, state: { streak: 1 } });
    expect(streakView(bridged.state, date, false)).toEqual({ day: 1, streak: 0 });
    expect(() => claimStep(bridged.state, addDays(date, -10), RULES)).toThrow(RangeError);
  });
});
