/** Mining math shared by server (authoritative) and client (display only). Spec §4, §9. */

export const SESSION_DURATION_MS = 86_400_000;
export const MS_PER_HOUR = 3_600_000n;
/** 0.001041667 FRE/h. */
export const BASE_RATE_NANO = 1_041_667n;
/** 0.0020833 FRE/h per active referral. */
export const REFERRAL_BONUS_NANO = 2_083_300n;
export const MAX_COUNTED_REFERRALS = 20;
/** +0.02 FRE/h per validated contest level. */
export const LEVEL_REWARD_NANO = 20_000_000n;
export const RATE_REFRESH_MS = 60_000;
export const EARNINGS_TICK_MS = 2_000;
export const SESSION_END_NOTICE_MS = 60_000;

/** floor(rate × elapsed / 1 h), in nFRE; never negative. */
export function earningsFor(rateNanoPerHour: bigint, elapsedMs: number): bigint {
  if (elapsedMs <= 0 || rateNanoPerHour <= 0n) return 0n;
  return (rateNanoPerHour * BigInt(Math.floor(elapsedMs))) / MS_PER_HOUR;
}

/**
 * A session's earnings are piecewise: `accruedNano` was earned before `segmentStartMs`; since
 * then the rate is `rateNano`. Time after `endMs` earns nothing.
 */
export interface SessionAccrual {
  accruedNano: bigint;
  segmentStartMs: number;
  rateNano: bigint;
  endMs: number;
}

export function sessionEarnings(session: SessionAccrual, nowMs: number): bigint {
  const until = Math.min(nowMs, session.endMs);
  return session.accruedNano + earningsFor(session.rateNano, until - session.segmentStartMs);
}

export interface RateParts {
  levels: number;
  activeReferrals: number;
  boostsNano: bigint;
  /** Permanent shop packs owned (optional: 0 without). */
  packsNano?: bigint;
  /**
   * How many referrals may count at most (the security circle's cap, decision 0043): without it,
   * MAX_COUNTED_REFERRALS. 0 while an admin withholds the account's referral bonus (decision
   * 0045): its referrals then add nothing, everything else in the rate unchanged.
   */
  referralCap?: number;
}

/** Active referrals that earn a bonus: at most 20, and at most `cap` (the circle's rule). */
export function countedReferrals(activeReferrals: number, cap = MAX_COUNTED_REFERRALS): number {
  const limit = Math.max(0, Math.min(MAX_COUNTED_REFERRALS, Math.floor(cap)));
  return Math.max(0, Math.min(limit, Math.floor(activeReferrals)));
}

/** The security circle's rule (issue 25): what the admin set, with the defaults of the issue. */
export interface CircleRule {
  /** Members named for a complete circle (3). */
  minMembers: number;
  /** Members counting (mined in the last 24 h) for an active circle (3). */
  minActive: number;
  /** Referrals that count at most without a complete, active circle (5). */
  capWithout: number;
}

/**
 * The referral cap at an instant: the full bonus (20) with a complete, active circle, else
 * `capWithout`. `members` are named, `active` of them mined in the last 24 h.
 */
export function circleReferralCap(rule: CircleRule, members: number, active: number): number {
  const complete = members >= rule.minMembers && active >= rule.minActive;
  return complete ? MAX_COUNTED_REFERRALS : Math.min(MAX_COUNTED_REFERRALS, rule.capWithout);
}

/** rate = base + level rewards + referral bonus (≤ 20 counted) + packs + active boosts, in nFRE/h. */
export function miningRate(parts: RateParts) {
  const levels = LEVEL_REWARD_NANO * BigInt(Math.max(0, Math.floor(parts.levels)));
  const referrals =
    REFERRAL_BONUS_NANO * BigInt(countedReferrals(parts.activeReferrals, parts.referralCap));
  const boosts = parts.boostsNano > 0n ? parts.boostsNano : 0n;
  const packs = parts.packsNano !== undefined && parts.packsNano > 0n ? parts.packsNano : 0n;
  return {
    base: BASE_RATE_NANO,
    levels,
    referrals,
    packs,
    boosts,
    total: BASE_RATE_NANO + levels + referrals + packs + boosts,
  };
}

/** Remaining time as HH:MM:SS (00:00:00 once ended). */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
}
