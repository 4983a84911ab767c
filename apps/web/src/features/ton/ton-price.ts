import type { TonPrice } from "@fre/shared";

const TON_AMOUNT = /^(\d{1,12})(?:\.(\d{1,9}))?$/;
const PRICE = /^(\d{1,7})(?:\.(\d{1,8}))?$/;
const AMOUNT_DIGITS = 9;
const PRICE_DIGITS = 8;

/** "1.5" with 9 fraction digits → 1500000000n; null for anything else. */
function scaled(text: string, pattern: RegExp, digits: number): bigint | null {
  const match = pattern.exec(text);
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  return BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, "0"));
}

/**
 * What `ton` TON are worth at `pricePerTon` (both decimal strings), to the cent, half up:
 * `fiatEquivalent("1.5", "4.98")` → `"7.47"`. Exact: bigints, never a float product.
 * Null when either is not a decimal the API writes.
 */
export function fiatEquivalent(ton: string, pricePerTon: string): string | null {
  const amount = scaled(ton, TON_AMOUNT, AMOUNT_DIGITS);
  const price = scaled(pricePerTon, PRICE, PRICE_DIGITS);
  if (amount === null || price === null) return null;
  // amount × price has 17 fraction digits; cents keep 2.
  const unit = 10n ** BigInt(AMOUNT_DIGITS + PRICE_DIGITS - 2);
  const cents = (amount * price + unit / 2n) / unit;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}

/** What the price note shows: a price with its age and freshness, or "unavailable". */
export type TonPriceView =
  | { state: "unavailable" }
  | { state: "fresh" | "stale"; usd: string; eur: string; updatedAt: string };

/** The answer of `GET /api/ton/price` (or none: loading failed) as the note shows it. */
export function tonPriceView(price: TonPrice | undefined): TonPriceView {
  if (!price?.available || !price.usd || !price.eur || !price.updatedAt) {
    return { state: "unavailable" };
  }
  return {
    state: price.stale ? "stale" : "fresh",
    usd: price.usd,
    eur: price.eur,
    updatedAt: price.updatedAt,
  };
}
