import { parseTypedAmount, type RedeemResult } from "@fre/shared";

export const MS_PER_HOUR = 3_600_000;

/** Admin input "2" (hours, whole or decimal like « 1,5 ») → "7200000" (integer ms), or null. */
export function hoursToMs(hours: string): string | null {
  const parsed = parseTypedAmount(hours, { decimals: 3, wholeDigits: 6 });
  if (!parsed.ok) return null;
  const [wholeText = "0", fractionText = ""] = parsed.value.split(".");
  const whole = BigInt(wholeText);
  const fraction = fractionText.padEnd(3, "0");
  const ms = whole * 3_600_000n + (BigInt(fraction) * 3_600_000n) / 1000n;
  return ms > 0n ? ms.toString() : null;
}

/** "7200000" → "2"; "5400000" → "1.5" (for the admin's edit field); null when not integer ms. */
export function msToHoursInput(ms: string): string | null {
  if (!/^\d{1,15}$/.test(ms.trim())) return null;
  const value = BigInt(ms.trim());
  const whole = value / 3_600_000n;
  const rest = value % 3_600_000n;
  if (rest === 0n) return whole.toString();
  const thousandths = ((rest * 1000n) / 3_600_000n).toString().padStart(3, "0").replace(/0+$/, "");
  return thousandths ? `${whole}.${thousandths}` : whole.toString();
}

/** The spec shows a time reduction in whole hours. */
export function wholeHours(ms: string): number | null {
  if (!/^\d{1,15}$/.test(ms.trim())) return null;
  return Math.round(Number(ms) / MS_PER_HOUR);
}

/**
 * Admin input for an FRE amount: « 1 000,5 » → "1000.5" (parseTypedAmount); positive, at most 9
 * digits on each side (nano-FRE must fit the database's bigint).
 */
export function normalizeFreInput(value: string): string | null {
  const parsed = parseTypedAmount(value, { allowZero: false, wholeDigits: 9 });
  return parsed.ok ? parsed.value : null;
}

export type RedeemMessage =
  | { key: "fre"; amount: string }
  | { key: "boost"; amount: string; hours: number }
  | { key: "boostNoDuration"; amount: string }
  | { key: "time_reduction"; hours: number }
  | { key: "generic" };

/** Which confirmation to show for a redemption (amount still the API's decimal string). */
export function redeemMessage(result: RedeemResult): RedeemMessage {
  switch (result.type) {
    case "fre":
      return { key: "fre", amount: result.value };
    case "boost":
      return result.durationHours
        ? { key: "boost", amount: result.value, hours: result.durationHours }
        : { key: "boostNoDuration", amount: result.value };
    case "time_reduction": {
      const hours = wholeHours(result.value);
      return hours === null ? { key: "generic" } : { key: "time_reduction", hours };
    }
    default:
      return { key: "generic" };
  }
}
