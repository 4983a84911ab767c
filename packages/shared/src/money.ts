/** FRE amounts are integers of nano-FRE (1 FRE = 10^9 nFRE); the API carries decimal strings. */
export const NANO_PER_FRE = 1_000_000_000n;
const FRACTION_DIGITS = 9;

/** What the ledger's bigint columns (amounts, balances) hold: 2^63 − 1 nano-FRE, ≈ 9.2 × 10^9 FRE. */
export const LEDGER_MAX_NANO = 2n ** 63n - 1n;
/**
 * The largest FRE amount a request or an admin setting may name (a bet, a withdrawal, a bet
 * limit, a withdrawal minimum, a bonus code's FRE): 10^9 FRE, a ninth of what the column holds.
 */
export const MAX_FRE_AMOUNT = "1000000000";
export const MAX_AMOUNT_NANO = 1_000_000_000n * NANO_PER_FRE;
/**
 * The most one play may pay (a bet × the game's largest multiplier): half the column, so that it
 * still fits on any balance below the other half. A bet that could pay more is BET_TOO_LARGE.
 */
export const MAX_PAYOUT_NANO = 2n ** 62n;
/**
 * The largest rate (FRE an hour) a boost may add: a whole 24-hour session of it earns 2.4 × 10^7
 * FRE, a fortieth of MAX_FRE_AMOUNT, so many boosts running at once still fit the column.
 */
export const MAX_BOOST_FRE_PER_HOUR = "1000000";

/** 1041667n → "0.001041667"; always 9 fraction digits. */
export function formatNano(nano: bigint): string {
  const negative = nano < 0n;
  const abs = negative ? -nano : nano;
  const whole = abs / NANO_PER_FRE;
  const fraction = (abs % NANO_PER_FRE).toString().padStart(FRACTION_DIGITS, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

const DECIMAL = /^(-)?(\d{1,12})(?:\.(\d{1,9}))?$/;

/** "0.5" → 500000000n; refuses more than 9 fraction digits, exponents and garbage. */
export function parseFre(text: string): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`Not a FRE amount: ${text}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const nano = BigInt(whole) * NANO_PER_FRE + BigInt(fraction.padEnd(FRACTION_DIGITS, "0"));
  return sign ? -nano : nano;
}

export const isFreAmount = (text: string) => DECIMAL.test(text.trim());

/** A FRE amount (as `parseFre` reads it) no larger than MAX_FRE_AMOUNT. */
export const isWithinFreBound = (text: string) =>
  isFreAmount(text) && parseFre(text) <= MAX_AMOUNT_NANO;

export type TypedAmountError =
  /** Nothing typed. */
  | "empty"
  /** Not a number as a person writes one: letters, two separators, a control character… */
  | "format"
  /** A minus where the amount cannot be negative. */
  | "negative"
  /** More fraction digits than the amount has (9 for FRE and TON, 2 for a Dice target…). */
  | "decimals"
  /** Zero where it means nothing (a bet, an adjustment). */
  | "zero"
  /** More integer digits than `wholeDigits`, or beyond `max`. */
  | "range";

export interface TypedAmountOptions {
  /** Fraction digits allowed; 9 (nano-FRE, nano-TON) unless told. */
  decimals?: number;
  /** A leading - or − (U+2212) is a sign; otherwise it is "negative". */
  allowNegative?: boolean;
  /** Zero is an amount; otherwise it is "zero". Default true. */
  allowZero?: boolean;
  /** Integer digits allowed (after leading zeros); 12 unless told. */
  wholeDigits?: number;
  /** The largest magnitude, a decimal string in the API's form ("1000000000"). */
  max?: string;
}

export type TypedAmount = { ok: true; value: string } | { ok: false; error: TypedAmountError };

// Spaces a person (or fr's number formatting) puts between thousands: space, no-break space,
// narrow no-break space, thin space.
const GROUP = "[ \u00a0\u202f\u2009]";
// Control and format characters (bidi overrides, zero-width spaces), as the config refuses them.
const CONTROL = /[\p{Cc}\p{Cf}]/u;
const TYPED = new RegExp(
  `^([-\u2212\u2012\u2013+])?${GROUP}*(\\d{1,3}(?:${GROUP}\\d{3})+|\\d+)?(?:([.,])(\\d*))?$`,
);

/** "12.5" at `decimals` fraction digits as a bigint (12500… ), for comparing with `max`. */
const scaled = (whole: string, fraction: string, decimals: number) =>
  BigInt(whole || "0") * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");

/**
 * An amount as a person types it, in the API's form, or why it is not one — the one reading of
 * every amount input (decision 0060): « 100,5 » and « 100.5 » are 100.5; « 1 000,5 » with a
 * space, a no-break or a narrow no-break space between thousands is 1000.5; « −12,5 » (the
 * Unicode minus, or -) is -12.5 when `allowNegative`; a leading + is no sign. One decimal
 * separator at most (a comma or a point, never both: « 1.000,5 » is "format"), no letters, no
 * exponents, no control or invisible characters.
 */
export function parseTypedAmount(text: string, options: TypedAmountOptions = {}): TypedAmount {
  const { decimals = 9, allowNegative = false, allowZero = true, wholeDigits = 12, max } = options;
  if (CONTROL.test(text)) return { ok: false, error: "format" };
  const typed = text.replace(new RegExp(`^${GROUP}+|${GROUP}+$`, "g"), "");
  if (typed === "") return { ok: false, error: "empty" };
  const match = TYPED.exec(typed);
  if (!match) return { ok: false, error: "format" };
  const [, sign, grouped, separator, fraction = ""] = match;
  // A digit on one side of the separator at least: « ,5 » is 0.5, « 5, » is 5, « , » is nothing.
  if (grouped === undefined && fraction === "") return { ok: false, error: "format" };
  const negative = sign !== undefined && sign !== "+";
  if (negative && !allowNegative) return { ok: false, error: "negative" };
  if (separator !== undefined && fraction.length > decimals)
    return { ok: false, error: "decimals" };
  const whole = (grouped ?? "0").replace(new RegExp(GROUP, "g"), "").replace(/^0+(?=\d)/, "");
  if (whole.length > wholeDigits) return { ok: false, error: "range" };
  const magnitude = scaled(whole, fraction, decimals);
  if (magnitude === 0n && !allowZero) return { ok: false, error: "zero" };
  if (max !== undefined) {
    const [maxWhole = "0", maxFraction = ""] = max.split(".");
    if (magnitude > scaled(maxWhole, maxFraction.slice(0, decimals), decimals))
      return { ok: false, error: "range" };
  }
  const value = `${whole}${fraction ? `.${fraction}` : ""}`;
  return { ok: true, value: negative && magnitude !== 0n ? `-${value}` : value };
}

/**
 * What an amount schema reads (zod's `overwrite`): the API's form of a typed amount when
 * `parseTypedAmount` reads one (any sign, up to 9 decimals), else the text as it came, for the
 * schema's own regex and refinements to refuse with their message.
 */
export function normalizeTypedFre(typed: string): string {
  const parsed = parseTypedAmount(typed, { allowNegative: true });
  return parsed.ok ? parsed.value : typed;
}
