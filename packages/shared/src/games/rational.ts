/**
 * Exact multipliers and probabilities. Payouts are computed on nano-FRE integers with these
 * fractions so that the published RTPs are exact and no float rounding reaches a balance.
 */
export type Rational = { num: bigint; den: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function rational(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError("Zero denominator");
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

export const ZERO: Rational = { num: 0n, den: 1n };
export const ONE: Rational = { num: 1n, den: 1n };

/** "12.5" → 25/2; refuses exponents and garbage (paytables are published as decimal strings). */
export function rationalFromDecimal(text: string): Rational {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal: ${text}`);
  const [, whole = "0", fraction = ""] = match;
  return rational(BigInt(whole + fraction), 10n ** BigInt(fraction.length));
}

export const addRational = (a: Rational, b: Rational) =>
  rational(a.num * b.den + b.num * a.den, a.den * b.den);
export const mulRational = (a: Rational, b: Rational) => rational(a.num * b.num, a.den * b.den);
export const compareRational = (a: Rational, b: Rational) => {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
};

/** Payout of a bet: `amount × m`, rounded down to the nano-FRE (never pays a fraction more). */
export function applyMultiplier(amountNano: bigint, m: Rational): bigint {
  if (amountNano < 0n) throw new RangeError("Negative amount");
  return (amountNano * m.num) / m.den;
}

export const rationalToNumber = (m: Rational) => Number(m.num) / Number(m.den);

/**
 * Decimal string rounded down to `maxDigits` fraction digits, trailing zeros trimmed but at least
 * `minDigits` kept: 99/100 → "0.99", 3/2 → "1.50", 0.99 × 4/3 → "1.32", 1485/1000 → "1.485".
 */
export function formatMultiplier(m: Rational, maxDigits = 4, minDigits = 2): string {
  const scale = 10n ** BigInt(maxDigits);
  const scaled = (m.num * scale) / m.den;
  const whole = scaled / scale;
  let fraction = (scaled % scale).toString().padStart(maxDigits, "0");
  while (fraction.length > minDigits && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return fraction.length > 0 ? `${whole}.${fraction}` : `${whole}`;
}

/** Exact percentage string, rounded down: 9899/10000 → "98.99". */
export const formatPercent = (m: Rational, digits = 2) =>
  formatMultiplier(rational(m.num * 100n, m.den), digits, digits);
