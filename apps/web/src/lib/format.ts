import { intlLocale } from "./languages";

/**
 * Formatters are costly to create (a list of 20 dates made 20; a tower of 8 floors, 8 per
 * render): one per locale and options, for every Intl formatter of the app.
 */
const formatters = new Map<
  string,
  Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat
>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let found = formatters.get(key) as T | undefined;
  if (!found) {
    found = make();
    formatters.set(key, found);
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

function dateFormat(language: string, withTime: boolean): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  const zone = timeZone;
  return cached(
    `date ${locale} ${zone ?? ""} ${withTime}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: "medium",
        timeStyle: withTime ? "short" : undefined,
        timeZone: zone,
      }),
  );
}

/** "25 nov. 2026, 14:05": the date and time of `iso` (shown as is when it is no date). */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(language, true).format(date);
}

/** "25 nov. 2026": the day of `at` (an ISO string or a time in ms). */
export function formatDate(at: string | number, language: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  return dateFormat(language, false).format(date);
}

/** "il y a 3 h", "hier": the short relative-time formatter of a language. */
export function relativeTimeFormat(language: string): Intl.RelativeTimeFormat {
  const locale = intlLocale(language);
  return cached(
    `relative ${locale}`,
    () => new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" }),
  );
}

/** A number with `min`–`max` fraction digits, rounded by Intl ("1,32", "98,99"). */
export function formatDecimal(
  value: number,
  language: string,
  { min, max }: { min: number; max: number },
): string {
  const locale = intlLocale(language);
  return cached(
    `decimal ${locale} ${min} ${max}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max }),
  ).format(value);
}

/** A file's size in whole kilobytes, at least 1 ("820 ko", "820 kB"). */
export function formatKilobytes(bytes: number, language: string): string {
  const locale = intlLocale(language);
  return cached(
    `kilobytes ${locale}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: "unit",
        unit: "kilobyte",
        maximumFractionDigits: 0,
      }),
  ).format(Math.max(1, Math.round(bytes / 1024)));
}

// Counts and ranks: with the number symbols (the landing's statistics need nothing else here).
export { formatNumber } from "./number-symbols";

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
