import { NANO_PER_FRE, parseFre } from "@fre/shared";
import { intlLocale } from "./languages";

const FRACTION_DIGITS = 9;

export interface FreFormatOptions {
  /** Fraction digits always shown (default 2). */
  minFractionDigits?: number;
  /** Digits beyond this are cut, never rounded up: we never show more than there is (default 9). */
  maxFractionDigits?: number;
  /** Prefix positive amounts with "+" (ledger lines). */
  signed?: boolean;
}

export interface FreParts {
  sign: "" | "-" | "+";
  /** Whole part with the locale's grouping ("12 345"). */
  whole: string;
  /** The locale's decimal separator ("," or "."), empty when there is no fraction. */
  decimal: string;
  fraction: string;
}

interface LocaleSymbols {
  integer: Intl.NumberFormat;
  decimal: string;
}

const symbolsCache = new Map<string, LocaleSymbols>();

function localeSymbols(language: string): LocaleSymbols {
  const locale = intlLocale(language);
  let symbols = symbolsCache.get(locale);
  if (!symbols) {
    const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const decimal =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")
        ?.value ?? ".";
    symbols = { integer, decimal };
    symbolsCache.set(locale, symbols);
  }
  return symbols;
}

function toNano(amount: string | bigint): bigint {
  return typeof amount === "bigint" ? amount : parseFre(amount);
}

/**
 * Splits an amount (decimal string of the API or nano-FRE bigint) into locale-formatted parts
 * with integer arithmetic only: no float ever touches money.
 */
export function freParts(
  amount: string | bigint,
  language: string,
  {
    minFractionDigits = 2,
    maxFractionDigits = FRACTION_DIGITS,
    signed = false,
  }: FreFormatOptions = {},
): FreParts {
  const nano = toNano(amount);
  const abs = nano < 0n ? -nano : nano;
  const max = Math.max(0, Math.min(FRACTION_DIGITS, maxFractionDigits));
  const min = Math.max(0, Math.min(max, minFractionDigits));
  let fraction = (abs % NANO_PER_FRE).toString().padStart(FRACTION_DIGITS, "0").slice(0, max);
  while (fraction.length > min && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const symbols = localeSymbols(language);
  const shownIsZero = abs / NANO_PER_FRE === 0n && /^0*$/.test(fraction);
  return {
    sign: nano < 0n && !shownIsZero ? "-" : signed && nano > 0n && !shownIsZero ? "+" : "",
    whole: symbols.integer.format(abs / NANO_PER_FRE),
    decimal: fraction ? symbols.decimal : "",
    fraction,
  };
}

/** "1234.500000000" → "1 234,50" (fr), "1,234.50" (en). */
export function formatFre(
  amount: string | bigint,
  language: string,
  options?: FreFormatOptions,
): string {
  const parts = freParts(amount, language, options);
  return `${parts.sign}${parts.whole}${parts.decimal}${parts.fraction}`;
}

/** Like formatFre, but never throws on a malformed amount (shown as is). */
export function formatFreSafe(
  amount: string,
  language: string,
  options?: FreFormatOptions,
): string {
  try {
    return formatFre(amount, language, options);
  } catch {
    return amount;
  }
}
