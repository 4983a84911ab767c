/** ISO weeks in UTC (`2026-W48`): Monday 00:00 UTC to the next Monday (decision 0040). */
export interface IsoWeek {
  week: string;
  startsAt: Date;
  endsAt: Date;
}

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The ISO week holding `at`. */
export function isoWeekOf(at: Date): IsoWeek {
  const day = Math.floor(at.getTime() / DAY_MS);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is the weekday counted from Monday (0).
  const monday = day - ((((day + 3) % 7) + 7) % 7);
  const startsAt = new Date(monday * DAY_MS);
  // The ISO year is the year of the week's Thursday.
  const thursday = new Date((monday + 3) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursdayDay = Math.floor(Date.UTC(year, 0, 4) / DAY_MS);
  const firstMonday = firstThursdayDay - ((((firstThursdayDay + 3) % 7) + 7) % 7);
  const number = Math.floor((monday - firstMonday) / 7) + 1;
  return {
    week: `${year}-W${String(number).padStart(2, "0")}`,
    startsAt,
    endsAt: new Date(startsAt.getTime() + WEEK_MS),
  };
}

/** The week before `week`. */
export function previousWeek(week: IsoWeek): IsoWeek {
  return isoWeekOf(new Date(week.startsAt.getTime() - WEEK_MS));
}

/** The week after `week`. */
export function nextWeek(week: IsoWeek): IsoWeek {
  return isoWeekOf(week.endsAt);
}
