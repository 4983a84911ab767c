import { intlLocale } from "./languages";
import { groupDigits, numberSymbols } from "./number-symbols";

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

/** "01:00" (fr), "1:00 AM" (en): the time of day of `at` (an ISO string or a time in ms). */
export function formatTime(at: string | number, language: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const locale = intlLocale(language);
  const zone = timeZone;
  return cached(
    `time ${locale} ${zone ?? ""}`,
    () => new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: zone }),
  ).format(date);
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

export interface MultiplierText {
  /** Two decimals, rounded half-up on the exact digits: "1,29" for "1.2870", "6,00" for "6". */
  text: string;
  /** The multiplier's own digits when two decimals are not all of it ("1,287"), else null. */
  precise: string | null;
}

/**
 * The one rule for multipliers (decision 0024): two decimals, so ×1,29 and ×12,00 read alike in
 * every game; when the value has more digits, `precise` holds them for the screen to say so.
 * Decimal arithmetic on the API's string, no float: "1.285" is 1,29, not 1,28.
 */
export function formatMultiplier(multiplier: string, language: string): MultiplierText {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(multiplier.trim());
  if (!match) return { text: multiplier, precise: null };
  const [, whole = "0", fraction = ""] = match;
  const symbols = numberSymbols(language);
  const cents =
    BigInt(whole + fraction.padEnd(2, "0").slice(0, 2)) + ((fraction[2] ?? "0") >= "5" ? 1n : 0n);
  const text = `${groupDigits(cents / 100n, symbols)}${symbols.decimal}${(cents % 100n).toString().padStart(2, "0")}`;
  const digits = fraction.replace(/0+$/, "");
  const precise =
    digits.length > 2 ? `${groupDigits(BigInt(whole), symbols)}${symbols.decimal}${digits}` : null;
  return { text, precise };
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
