import { adminBonusCodeBodySchema } from "@fre/shared";
import type { BonusCodeType } from "../api/bonus-codes-api";
import { hoursToMs, msToHoursInput, normalizeFreInput } from "../bonus-code-values";

const rules = adminBonusCodeBodySchema.shape;

/** The admin form's fields, named as in the request body (server issues land under them). */
export const BONUS_CODE_FIELDS = ["code", "rewardValue", "durationHours", "maxUses"] as const;
export type BonusCodeField = (typeof BONUS_CODE_FIELDS)[number];

/** The typed code as the server will store it (trimmed, upper case), or null if refused. */
export function codeFromInput(input: string): string | null {
  const result = rules.code.safeParse(input);
  return result.success ? result.data : null;
}

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

/** A whole number typed by the admin, within the shared rule's bounds, or null. */
function wholeNumber(input: string, rule: typeof rules.maxUses): number | null {
  if (!/^\d{1,9}$/.test(input.trim())) return null;
  const result = rule.safeParse(Number(input.trim()));
  return result.success ? result.data : null;
}

/** "Utilisations maximum": 1 to the shared maximum. */
export const maxUsesFromInput = (input: string) => wholeNumber(input, rules.maxUses);

/** A boost's duration in whole hours: 1 to the shared maximum (a year). */
export const durationHoursFromInput = (input: string) =>
  wholeNumber(input, rules.durationHours.unwrap());
