import { intlLocale } from "./languages";

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
 * The app's languages, written down instead of asked of Intl.NumberFormat: a page's first
 * NumberFormat loads ICU's number data (≈ 20 ms on a desktop, 4× that on a mid-range phone),
 * which stood as a long task in every signed-in screen's first render (docs/performance.md).
 * number-symbols.test.ts holds this table to Intl's answers for every language.
 */
const KNOWN: Record<string, NumberSymbols> = {
  fr: { group: "\u202f", decimal: ",", minimumGroupingDigits: 1 },
  en: { group: ",", decimal: ".", minimumGroupingDigits: 1 },
  es: { group: ".", decimal: ",", minimumGroupingDigits: 2 },
  ru: { group: "\u00a0", decimal: ",", minimumGroupingDigits: 1 },
  "zh-CN": { group: ",", decimal: ".", minimumGroupingDigits: 1 },
};

const asked = new Map<string, NumberSymbols>();

/** Asks Intl, for a locale outside the table (never one of the app's languages). */
function askIntl(locale: string): NumberSymbols {
  let symbols = asked.get(locale);
  if (!symbols) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
    const part = (type: string) => parts.find((p) => p.type === type)?.value;
    const grouped = new Intl.NumberFormat(locale).format(1234).length > 4;
    symbols = {
      group: part("group") ?? "",
      decimal: part("decimal") ?? ".",
      minimumGroupingDigits: grouped ? 1 : 2,
    };
    asked.set(locale, symbols);
  }
  return symbols;
}

export function numberSymbols(language: string): NumberSymbols {
  const locale = intlLocale(language);
  return KNOWN[locale] ?? askIntl(locale);
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
