import { intlLocale } from "../../../lib/languages";

/*
 * The KYC review reads people's dates and countries the way the admin reads them. Intl is fine
 * here: these admin screens load on their own, never with the landing (lib/number-symbols.ts).
 */

const birthDates = new Map<string, Intl.DateTimeFormat>();
const regionNames = new Map<string, Intl.DisplayNames | null>();

/**
 * "17 mai 1990" (fr), "May 17, 1990" (en): a calendar day (YYYY-MM-DD) such as a date of birth,
 * read in UTC so no time zone moves it to the day before. Anything else is shown as given.
 */
export function formatCalendarDay(day: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return day;
  const locale = intlLocale(language);
  let format = birthDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    birthDates.set(locale, format);
  }
  return format.format(date);
}

/** "France" (fr, en), "Alemania" (es, for DE): a country's name from its ISO 3166 code. */
export function countryName(code: string, language: string): string {
  const locale = intlLocale(language);
  if (!regionNames.has(locale)) {
    let names: Intl.DisplayNames | null;
    try {
      names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
    } catch {
      names = null;
    }
    regionNames.set(locale, names);
  }
  const region = code.trim().toUpperCase();
  try {
    return regionNames.get(locale)?.of(region) ?? region;
  } catch {
    // Not a region code at all (the API validates them; an old row might not be).
    return code;
  }
}
