import { AppError } from "../../lib/errors.ts";
import { type IsoWeek, isoWeekOf } from "../leagues/index.ts";

const DAY_MS = 86_400_000;

/**
 * The week a board asks for (`2026-W49`), with the leagues' boundaries (decision 0040): this
 * week when none is named; a week that does not exist or has not begun is a 400.
 */
export function weekNamed(name: string | undefined, now: Date): IsoWeek {
  const current = isoWeekOf(now);
  if (!name) return current;
  const match = /^(\d{4})-W(\d{2})$/.exec(name);
  if (!match) throw new AppError("VALIDATION_ERROR", 400);
  const year = Number(match[1]);
  const number = Number(match[2]);
  // Week 1 holds 4 January; its Monday starts it.
  const jan4 = Date.UTC(year, 0, 4);
  const jan4Weekday = (new Date(jan4).getUTCDay() + 6) % 7;
  const startsAt = new Date(jan4 - jan4Weekday * DAY_MS + (number - 1) * 7 * DAY_MS);
  const week = isoWeekOf(startsAt);
  if (number < 1 || week.week !== name || week.startsAt > current.startsAt) {
    throw new AppError("VALIDATION_ERROR", 400);
  }
  return week;
}
