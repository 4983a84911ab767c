import { isLedgerKind } from "@fre/shared";

/** Ledger kinds come from the one list in shared; anything else is shown as the server wrote it. */
export const isKnownLedgerKind = isLedgerKind;

export const BONUS_TYPES = ["fre", "boost", "time_reduction"] as const;
export type KnownBonusType = (typeof BONUS_TYPES)[number];

export function isKnownBonusType(type: string): type is KnownBonusType {
  return (BONUS_TYPES as readonly string[]).includes(type);
}

const MS_PER_HOUR = 3_600_000;

/** A time reduction's value is in milliseconds; the spec shows it in whole hours. */
export function reductionHours(value: string): number | null {
  if (!/^\d{1,15}$/.test(value.trim())) return null;
  return Math.round(Number(value) / MS_PER_HOUR);
}
