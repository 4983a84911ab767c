import { intlLocale } from "./languages";
import { groupDigits, numberSymbols } from "./number-symbols";

/** Formatters are costly to create (a list of 20 dates made 20): one per locale. */
const dateTimes = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let found = cache.get(locale);
  if (!found) {
    found = make();
    cache.set(locale, found);
  }
  return found;
}

/**
 * The time zone dates are shown in: the device's (undefined), except in a server render, which
 * shows the zone the browser reported (server-render.tsx).
 */
let timeZone: string | undefined;

export function setDisplayTimeZone(zone: string | undefined): void {
  timeZone = zone;
}

export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = intlLocale(language);
  const zone = timeZone;
  return cached(
    dateTimes,
    zone ? `${locale} ${zone}` : locale,
    () =>
      new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: zone }),
  ).format(date);
}

/** A count or rank: whole numbers are grouped from the locale's table (lib/number-symbols.ts). */
export function formatNumber(value: number, language: string): string {
  if (Number.isSafeInteger(value)) return groupDigits(BigInt(value), numberSymbols(language));
  const locale = intlLocale(language);
  return cached(numbers, locale, () => new Intl.NumberFormat(locale)).format(value);
}

/** Whole hours and minutes in `ms`, minutes rounded up: a wait never reads shorter than it is. */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.ceil(ms / 60_000));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** The `app` namespace's translate function, as much of it as durations need. */
type DurationT = (
  key: "duration.hours" | "duration.minutes" | "duration.hoursMinutes",
  options: Record<string, string | number>,
) => string;

/**
 * "23 heures et 5 minutes", "1 minute", "6 heures" (coarse: whole hours rounded up once an hour
 * or more is left), with each language's plural forms.
 */
export function formatDuration(ms: number, t: DurationT, { coarse = false } = {}): string {
  const { hours, minutes } = hoursAndMinutes(ms);
  if (coarse && hours > 0) return t("duration.hours", { count: minutes > 0 ? hours + 1 : hours });
  if (hours === 0) return t("duration.minutes", { count: minutes });
  if (minutes === 0) return t("duration.hours", { count: hours });
  return t("duration.hoursMinutes", {
    hours: t("duration.hours", { count: hours }),
    minutes: t("duration.minutes", { count: minutes }),
  });
}
