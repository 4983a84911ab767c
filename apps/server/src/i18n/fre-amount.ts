import type { Language } from "@fre/shared";

const FRACTION_DIGITS = 9;

/**
 * The web's rule for FRE amounts (apps/web/src/lib/fre-amount.ts), for the contexts a mail, a
 * notification or an error quotes: the same digits as the screen that shows the same figure.
 * Every context rounds half-up on the exact decimal.
 */
export const FRE_CONTEXTS = {
  /** A balance, or an amount credited, claimed or spent: "18,5557". */
  balance: { min: 4, max: 4 },
  /** A rate in FRE/h: "0,001042", "0,025", "0,40". */
  rate: { min: 2, max: 6 },
  /** A figure quoted as a rule (a minimum, a bound): its own digits, nothing padded: "2,5". */
  exact: { min: 0, max: FRACTION_DIGITS },
} as const;

export type FreContext = keyof typeof FRE_CONTEXTS;

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,9}))?$/;

const formats = new Map<Language, { whole: Intl.NumberFormat; decimal: string }>();
function formatsOf(language: Language) {
  let entry = formats.get(language);
  if (!entry) {
    const whole = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    const decimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1 })
      .formatToParts(1.5)
      .find((part) => part.type === "decimal")?.value;
    entry = { whole, decimal: decimal ?? "." };
    formats.set(language, entry);
  }
  return entry;
}

/**
 * "18.555710858" → "18,5557" (fr, balance); "2.500000000" → "2,5" (fr, exact). Integer arithmetic
 * only; a text that is no decimal amount is returned as is.
 */
export function formatFre(language: Language, amount: string, context: FreContext): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return amount;
  const [, sign = "", whole = "0", fraction = ""] = match;
  const { min, max } = FRE_CONTEXTS[context];
  const nano = BigInt(whole) * 10n ** BigInt(FRACTION_DIGITS) + BigInt(fraction.padEnd(9, "0"));
  const unit = 10n ** BigInt(FRACTION_DIGITS - max);
  const rounded = ((nano + unit / 2n) / unit) * unit;
  const perFre = 10n ** BigInt(FRACTION_DIGITS);
  let digits = (rounded % perFre).toString().padStart(FRACTION_DIGITS, "0").slice(0, max);
  while (digits.length > min && digits.endsWith("0")) digits = digits.slice(0, -1);
  const { whole: wholeFormat, decimal } = formatsOf(language);
  const shownSign = sign && rounded !== 0n ? "-" : "";
  return `${shownSign}${wholeFormat.format(rounded / perFre)}${digits ? decimal + digits : ""}`;
}
