/** FRE amounts are integers of nano-FRE (1 FRE = 10^9 nFRE); the API carries decimal strings. */
export const NANO_PER_FRE = 1_000_000_000n;
const FRACTION_DIGITS = 9;

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
