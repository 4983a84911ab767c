import { NANO_PER_FRE, parseFre } from "@fre/shared";
import { groupDigits, numberSymbols } from "./number-symbols";

const FRACTION_DIGITS = 9;

export interface FreFormatOptions {
  /** Fraction digits always shown (default 2). */
  minFractionDigits?: number;
  /** Digits beyond this are rounded half-up on the exact amount (default 9: nothing rounded). */
  maxFractionDigits?: number;
  /** Prefix positive amounts with "+" (ledger lines, rate parts). */
  signed?: boolean;
}

/**
 * The one rule for showing FRE: the precision depends on where the amount is read.
 * Every context rounds half-up on the exact decimal (0.074999 → "0,0750" as a balance).
 */
export const FRE_CONTEXTS = {
  /** The live counter of a session: every nano-FRE, so it visibly moves every tick. */
  counter: { minFractionDigits: 9, maxFractionDigits: 9 },
  /** A balance, or an amount credited, claimed or spent: "0,0250". */
  balance: { minFractionDigits: 4, maxFractionDigits: 4 },
  /** A balance growing live while a session runs: moves every few seconds at the base rate. */
  liveBalance: { minFractionDigits: 6, maxFractionDigits: 6 },
  /** A rate in FRE/h: "0,001042", "0,02", "0,40". */
  rate: { minFractionDigits: 2, maxFractionDigits: 6 },
  /** Totals compared side by side (leaderboard, public figures): "12,35". */
  leaderboard: { minFractionDigits: 2, maxFractionDigits: 2 },
  /** A figure quoted in a sentence (rules, FAQ): its own digits, nothing padded. */
  exact: { minFractionDigits: 0, maxFractionDigits: FRACTION_DIGITS },
} as const satisfies Record<string, FreFormatOptions>;

export type FreContext = keyof typeof FRE_CONTEXTS;

export interface FreParts {
  sign: "" | "-" | "+";
  /** Whole part with the locale's grouping ("12 345"). */
  whole: string;
  /** The locale's decimal separator ("," or "."), empty when there is no fraction. */
  decimal: string;
  fraction: string;
}

function toNano(amount: string | bigint): bigint {
  return typeof amount === "bigint" ? amount : parseFre(amount);
}

function optionsOf(format: FreContext | FreFormatOptions | undefined): FreFormatOptions {
  if (format === undefined) return {};
  return typeof format === "string" ? FRE_CONTEXTS[format] : format;
}

/** `abs` rounded half-up to `digits` fraction digits, still in nano-FRE. */
function roundNano(abs: bigint, digits: number): bigint {
  const unit = 10n ** BigInt(FRACTION_DIGITS - digits);
  return ((abs + unit / 2n) / unit) * unit;
}

/**
 * Splits an amount (decimal string of the API or nano-FRE bigint) into locale-formatted parts
 * with integer arithmetic only: no float ever touches money.
 */
export function freParts(
  amount: string | bigint,
  language: string,
  format?: FreContext | FreFormatOptions,
  signedOverride?: boolean,
): FreParts {
  const {
    minFractionDigits = 2,
    maxFractionDigits = FRACTION_DIGITS,
    signed = false,
  } = optionsOf(format);
  const nano = toNano(amount);
  const max = Math.max(0, Math.min(FRACTION_DIGITS, maxFractionDigits));
  const min = Math.max(0, Math.min(max, minFractionDigits));
  const rounded = roundNano(nano < 0n ? -nano : nano, max);
  let fraction = (rounded % NANO_PER_FRE).toString().padStart(FRACTION_DIGITS, "0").slice(0, max);
  while (fraction.length > min && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const symbols = numberSymbols(language);
  const withSign = signedOverride ?? signed;
  const shownIsZero = rounded === 0n;
  return {
    sign: shownIsZero ? "" : nano < 0n ? "-" : withSign ? "+" : "",
    whole: groupDigits(rounded / NANO_PER_FRE, symbols),
    decimal: fraction ? symbols.decimal : "",
    fraction,
  };
}

/**
 * "1234.500000000" → "1 234,5000" (fr, balance), "1,234.50" (en, leaderboard).
 * `format` is a context of FRE_CONTEXTS (preferred) or explicit digits.
 */
export function formatFre(
  amount: string | bigint,
  language: string,
  format?: FreContext | FreFormatOptions,
  { signed }: { signed?: boolean } = {},
): string {
  const parts = freParts(amount, language, format, signed);
  return `${parts.sign}${parts.whole}${parts.decimal}${parts.fraction}`;
}

/** Like formatFre, but never throws on a malformed amount (shown as is). */
export function formatFreSafe(
  amount: string,
  language: string,
  format?: FreContext | FreFormatOptions,
  options?: { signed?: boolean },
): string {
  try {
    return formatFre(amount, language, format, options);
  } catch {
    return amount;
  }
}

/**
 * Amounts read together — the rows of one breakdown, a table's column — show the same number of
 * digits: as many as the most precise of them needs in `format`, so the rows line up ("+0,001042"
 * over "+0,020000", not "+0,02").
 */
export function formatFreColumn(
  amounts: readonly (string | bigint)[],
  language: string,
  format?: FreContext | FreFormatOptions,
  { signed }: { signed?: boolean } = {},
): string[] {
  const { minFractionDigits = 2, maxFractionDigits = FRACTION_DIGITS } = optionsOf(format);
  const digits = Math.max(
    minFractionDigits,
    ...amounts.map(
      (amount) =>
        freParts(amount, language, { minFractionDigits, maxFractionDigits }).fraction.length,
    ),
  );
  return amounts.map((amount) =>
    formatFre(
      amount,
      language,
      { minFractionDigits: digits, maxFractionDigits },
      { signed: signed ?? optionsOf(format).signed },
    ),
  );
}
