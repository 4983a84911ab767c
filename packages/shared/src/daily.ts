/**
 * The daily check-in streak's pure rules (issue 24, decision 0039): the local date of an instant
 * in a zone, when the next claim opens, and one claim's step of the streak. No clock, no I/O:
 * the server applies them on its injected clock, and fast-check properties test them across
 * zones and DST changes.
 */

/** Days in the reward cycle: day 7 is followed by day 1 again. */
export const DAILY_CYCLE_DAYS = 7;
/** How long a zone must be kept before it may change again. */
export const DAILY_ZONE_CHANGE_MS = 7 * 24 * 3_600_000;
/**
 * After a zone change, the next claim also waits this long after the previous claim: moving east
 * cannot open a new local day at once.
 */
export const DAILY_MIN_GAP_AFTER_ZONE_CHANGE_MS = 20 * 3_600_000;
/** The hour (local) from which the evening reminder may be sent. */
export const DAILY_REMINDER_HOUR = 19;
/** Longest IANA zone name accepted (the longest real one has 32 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

export interface DailyRules {
  /** Reward of each cycle day (1–7), in nFRE. */
  rewardsNano: readonly bigint[];
  /** The day-7 mining boost: a percentage of the rate without boosts, for `boostHours`. */
  boostPercent: number;
  boostHours: number;
  /** Consecutive claims that earn one freeze, and how many may be held. */
  claimsPerFreeze: number;
  maxFreezes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    });
    // Bounded: only valid zone names get here, and there are a few hundred of them.
    if (formatters.size < 1000) formatters.set(zone, formatter);
  }
  return formatter;
}

/** An IANA zone name this runtime knows (`Europe/Paris`, `UTC`), bounded and printable. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > TIME_ZONE_MAX_LENGTH) return false;
  if (!/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The local date (`YYYY-MM-DD`) and hour (0–23) of an instant in a zone. */
export function localTime(at: Date, zone: string): { date: string; hour: number } {
  const parts = formatterFor(zone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}

export const localDate = (at: Date, zone: string) => localTime(at, zone).date;

const DAY_MS = 86_400_000;
const dateMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Whole days from date `a` to date `b` (both `YYYY-MM-DD`). */
export const daysBetween = (a: string, b: string) => Math.round((dateMs(b) - dateMs(a)) / DAY_MS);

export const addDays = (date: string, days: number) =>
  new Date(dateMs(date) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The first instant at which the zone's local date is `date` or later. Every zone's offset lies
 * within −12 h…+14 h, so it is searched (to the millisecond) in that window around UTC midnight.
 */
export function startOfLocalDate(date: string, zone: string): Date {
  let low = dateMs(date) - 15 * 3_600_000; // local date is before `date` here
  let high = dateMs(date) + 13 * 3_600_000; // and on or after it here
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (localDate(new Date(middle), zone) >= date) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/** What the claim rules need to know about the last claim (null: never claimed). */
export interface LastClaim {
  date: string;
  at: Date;
}

/**
 * The first instant from which a claim is open: the zone's local date must be after the last
 * claimed date, and when the zone changed since that claim, at least 20 h must have passed since
 * it as well (so neither moving east nor west gains a claim or shortens a day).
 */
export function nextClaimOpensAt(
  last: LastClaim | null,
  zone: string,
  zoneChangedAt: Date | null,
): Date | null {
  if (!last) return null;
  const nextDay = startOfLocalDate(addDays(last.date, 1), zone);
  // A change at the claim's very instant counts as after it: the safe side.
  if (!zoneChangedAt || zoneChangedAt < last.at) return nextDay;
  const gap = new Date(last.at.getTime() + DAILY_MIN_GAP_AFTER_ZONE_CHANGE_MS);
  return gap > nextDay ? gap : nextDay;
}

export function canClaim(
  now: Date,
  last: LastClaim | null,
  zone: string,
  zoneChangedAt: Date | null,
): boolean {
  const opens = nextClaimOpensAt(last, zone, zoneChangedAt);
  // The date test also guards a zone whose clock goes back past midnight (one local date twice).
  return !opens || (now >= opens && (!last || localDate(now, zone) > last.date));
}

/** The streak's stored part. */
export interface StreakState {
  lastClaimDate: string | null;
  /** The cycle day (1–7) of the last claim, 0 before the first. */
  cycleDay: number;
  streak: number;
  freezes: number;
  freezeProgress: number;
}

export const EMPTY_STREAK: StreakState = {
  lastClaimDate: null,
  cycleDay: 0,
  streak: 0,
  freezes: 0,
  freezeProgress: 0,
};

/** Freezes needed to bridge the days missed before `today` (0: nothing missed). */
export function missedDays(state: StreakState, today: string): number {
  if (!state.lastClaimDate) return 0;
  return Math.max(0, daysBetween(state.lastClaimDate, today) - 1);
}

/** Whether a claim on `today` keeps the streak (nothing missed, or enough freezes to cover it). */
export function streakSurvives(state: StreakState, today: string): boolean {
  if (!state.lastClaimDate || state.streak === 0) return false;
  return missedDays(state, today) <= state.freezes;
}

/** The cycle day a claim on `today` gives. */
export function dayOf(state: StreakState, today: string): number {
  return streakSurvives(state, today) ? (state.cycleDay % DAILY_CYCLE_DAYS) + 1 : 1;
}

export interface ClaimStep {
  state: StreakState;
  day: number;
  rewardNano: bigint;
  freezesUsed: number;
  /** Day 7 with a boost configured. */
  boost: boolean;
}

/**
 * One claim on `today` (after the last claimed date): the streak goes on, bridged by freezes when
 * days were missed and enough are held (spent automatically), or starts again at day 1 (the freezes
 * are then kept: none is spent for nothing). A freeze never counts as a claimed day: the streak and
 * the cycle day move by one per claim. Each `claimsPerFreeze` consecutive claims earn a freeze, up to
 * `maxFreezes` held.
 */
export function claimStep(state: StreakState, today: string, rules: DailyRules): ClaimStep {
  if (state.lastClaimDate && today <= state.lastClaimDate) {
    throw new RangeError("a claim must be on a later local date than the last one");
  }
  const survives = streakSurvives(state, today);
  const freezesUsed = survives ? missedDays(state, today) : 0;
  const day = dayOf(state, today);
  let freezes = state.freezes - freezesUsed;
  let freezeProgress = (survives ? state.freezeProgress : 0) + 1;
  if (freezeProgress >= rules.claimsPerFreeze) {
    freezeProgress = 0;
    freezes = Math.min(rules.maxFreezes, freezes + 1);
  }
  return {
    state: {
      lastClaimDate: today,
      cycleDay: day,
      streak: survives ? state.streak + 1 : 1,
      freezes: Math.min(freezes, Math.max(rules.maxFreezes, 0)),
      freezeProgress,
    },
    day,
    rewardNano: rules.rewardsNano[day - 1] ?? 0n,
    freezesUsed,
    boost: day === DAILY_CYCLE_DAYS && rules.boostPercent > 0,
  };
}

/**
 * The streak as shown before a claim on `today`: a streak that can no longer survive reads 0, and
 * `day` is the day the next claim gives (or the day already claimed today).
 */
export function streakView(state: StreakState, today: string, claimedToday: boolean) {
  if (claimedToday) return { day: Math.max(1, state.cycleDay), streak: state.streak };
  const alive = streakSurvives(state, today);
  return { day: dayOf(state, today), streak: alive ? state.streak : 0 };
}
