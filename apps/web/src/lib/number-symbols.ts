import { DEFAULT_LANGUAGE, intlLocale, type Language } from "./languages";

/**
 * How a locale writes a whole number: its group separator, its decimal separator, and how many
 * digits must stand before the first group (CLDR's minimumGroupingDigits: Spanish writes "1234"
 * but "12.345").
 */
export interface NumberSymbols {
  group: string;
  decimal: string;
  minimumGroupingDigits: number;
}

/**
 * The app's languages, written down instead of asked of Intl.NumberFormat: a page's first Intl
 * formatter loads ICU's data (≈ 20 ms on a desktop, 4× that on a mid-range phone), and the next
 * ones cost 2–5 ms each; amounts and counts, on every screen, need none (a screen that shows no
 * date creates no formatter at all). number-symbols.test.ts holds this table to Intl's answers
 * for every language.
 */
const KNOWN: Record<string, NumberSymbols> & Record<Language, NumberSymbols> = {
  fr: { group: "\u202f", decimal: ",", minimumGroupingDigits: 1 },
  en: { group: ",", decimal: ".", minimumGroupingDigits: 1 },
  es: { group: ".", decimal: ",", minimumGroupingDigits: 2 },
  ru: { group: "\u00a0", decimal: ",", minimumGroupingDigits: 1 },
  zh: { group: ",", decimal: ".", minimumGroupingDigits: 1 },
};

/** The table's symbols; a language outside the app's (never chosen by i18n) reads as French. */
export function numberSymbols(language: string): NumberSymbols {
  return KNOWN[language] ?? KNOWN[DEFAULT_LANGUAGE];
}

/** A whole number's digits with the locale's grouping: 1234567n → "1 234 567" (fr). */
export function groupDigits(whole: bigint, symbols: NumberSymbols): string {
  const negative = whole < 0n;
  const digits = (negative ? -whole : whole).toString();
  const sign = negative ? "-" : "";
  if (!symbols.group || digits.length < 4 + symbols.minimumGroupingDigits - 1) {
    return `${sign}${digits}`;
  }
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) out += symbols.group + digits.slice(at, at + 3);
  return `${sign}${out}`;
}

/** A count or rank: whole numbers grouped from the table; a fraction through Intl. */
export function formatNumber(value: number, language: string): string {
  if (Number.isSafeInteger(value)) return groupDigits(BigInt(value), numberSymbols(language));
  return value.toLocaleString(intlLocale(language));
}
