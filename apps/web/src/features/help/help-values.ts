import {
  BASE_RATE_NANO,
  CONTEST_TASKS,
  LEVEL_REWARD_NANO,
  MAX_COUNTED_REFERRALS,
  REFERRAL_BONUS_NANO,
} from "@fre/shared";
import { formatFre } from "../../lib/fre-amount";

/** Minimum withdrawal, in FRE (spec §9). */
export const WITHDRAWAL_MIN_FRE = 30;

/** Permanent packs and temporary boxes of the shop (spec §9), rates in nano-FRE per hour. */
export const PACKS = [
  { name: "FRE1", rateNano: 25_000_000n },
  { name: "FRE3", rateNano: 50_000_000n },
  { name: "FRE5", rateNano: 100_000_000n },
] as const;
export const BOXES = [
  { days: 7, rateNano: 400_000_000n },
  { days: 15, rateNano: 600_000_000n },
  { days: 22, rateNano: 800_000_000n },
  { days: 30, rateNano: 1_000_000_000n },
] as const;

/** A rate in FRE/h by the app's one rule for rates, as the shop and the dashboard show it. */
export const formatRate = (nano: bigint, language: string) => formatFre(nano, language, "rate");

/** The figures the FAQ's answers quote, formatted for the UI language. */
export function faqValues(language: string) {
  const levels = CONTEST_TASKS.length;
  return {
    base: formatRate(BASE_RATE_NANO, language),
    referral: formatRate(REFERRAL_BONUS_NANO, language),
    maxReferrals: MAX_COUNTED_REFERRALS,
    maxReferralBonus: formatRate(REFERRAL_BONUS_NANO * BigInt(MAX_COUNTED_REFERRALS), language),
    level: formatRate(LEVEL_REWARD_NANO, language),
    levels,
    levelsTotal: formatRate(LEVEL_REWARD_NANO * BigInt(levels), language),
    minWithdrawal: WITHDRAWAL_MIN_FRE,
  };
}
