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

/**
 * An amount as a person types it, in the API's form: "−12,5" → "-12.5", "1 234,5" → "1234.5".
 * A comma is a decimal point (French, Spanish, Russian); spaces, no-break and narrow no-break
 * spaces (how fr writes thousands) are dropped; the Unicode minus − and a leading + are signs.
 * Anything else is left for the amount's schema to refuse (decision 0056). The one parser every
 * amount input and every amount schema goes through.
 */
export function normalizeTypedFre(typed: string): string {
  return typed
    .replace(/[\s\u00a0\u202f\u2009]/g, "")
    .replace(/^[\u2212\u2012\u2013]/, "-")
    .replace(/^\+/, "")
    .replace(",", ".");
}
