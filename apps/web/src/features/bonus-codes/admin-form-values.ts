import type { BonusCodeType } from "./api/bonus-codes-api";
import { hoursToMs, msToHoursInput, normalizeFreInput } from "./bonus-code-values";

export const BONUS_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

export type FieldError = "code" | "rewardValue" | "durationHours" | "maxUses";

/** What the admin typed in the value field → the API's rewardValue (FRE string or integer ms). */
export function rewardValueFromInput(type: BonusCodeType, input: string): string | null {
  return type === "time_reduction" ? hoursToMs(input) : normalizeFreInput(input);
}

/** The API's rewardValue → the value field (hours for time_reduction). */
export function rewardValueToInput(type: BonusCodeType, rewardValue: string): string {
  if (type === "time_reduction") return msToHoursInput(rewardValue) ?? rewardValue;
  // "5.000000000" → "5"; "0.100000000" → "0.1"
  return rewardValue.includes(".") ? rewardValue.replace(/\.?0+$/, "") : rewardValue;
}

/** A positive whole number typed by the admin, or null. */
export function positiveInt(input: string, max: number): number | null {
  if (!/^\d{1,9}$/.test(input.trim())) return null;
  const value = Number(input.trim());
  return value >= 1 && value <= max ? value : null;
}

/** A server issue's path ("rewardValue", "body.rewardValue", "/maxUses") → our field, if any. */
export function issueField(path: string): FieldError | null {
  const last = path.split(/[./]/).filter(Boolean).pop() ?? "";
  return last === "code" || last === "rewardValue" || last === "durationHours" || last === "maxUses"
    ? last
    : null;
}
