import { z } from "zod";

/** FRE (or TON), 9 fraction digits, as formatNano writes them. */
const nanoAmount = z.string().describe("decimal, 9 fraction digits");

/**
 * GET /api/admin/stats: spec §3's global statistics, plus the shop's revenue and the games'
 * volumes. Computed in SQL, cached 60 s (decision 0026).
 */
export const adminStatsSchema = z.object({
  totalMinedAllTime: nanoAmount,
  totalMined24h: nanoAmount,
  totalMinedWeek: nanoAmount,
  totalMinedMonth: nanoAmount,
  totalMined3Months: nanoAmount,
  totalMinedYear: nanoAmount,
  activeMiners24h: z.number().int(),
  activeMinersWeek: z.number().int(),
  activeMinersMonth: z.number().int(),
  /** FRE/h: the mean rate of the sessions running now. */
  averageMiningRate: nanoAmount,
  /** FRE/h: the highest rate a session had over the last year (or has now). */
  peakMiningRate: nanoAmount,
  /** Accounts not erased. */
  totalUsers: z.number().int(),
  /** Sign-ups since 00:00 UTC. */
  newUsersToday: z.number().int(),
  totalActiveSessions: z.number().int(),
  totalCompletedSessions: z.number().int(),
  averageSessionDurationMs: z.number().int(),
  /** FRE/h in effect now: active referrals (≤ 20 counted per referrer) × the referral bonus. */
  totalReferralBonus: nanoAmount,
  /** FRE/h in effect now: the rewards of every validated contest level (permanent). */
  totalLevelBonus: nanoAmount,
  /** FRE/h in effect now: temporary mining-rate boosts live at this instant. */
  totalTemporaryBonus: nanoAmount,
  /** FRE credited by bonus codes, all time (ledger kind `bonus`). */
  bonusCodeCredits: nanoAmount,
  shop: z.object({
    /** TON received by paid orders, all time. */
    revenueTon: nanoAmount,
    paidOrders: z.number().int(),
  }),
  games: z.object({
    /** FRE staked on settled bets. */
    stakes: nanoAmount,
    /** FRE paid out by settled bets. */
    payouts: nanoAmount,
    bets: z.number().int(),
    /** 1 − payouts / stakes, a fraction (0.02 = 2 %); null before any stake. */
    houseEdge: z.number().nullable(),
  }),
  lastUpdated: z.string(),
});

export const ADMIN_STATS_METRICS = ["new_users", "mined", "active_miners"] as const;
export type AdminStatsMetric = (typeof ADMIN_STATS_METRICS)[number];
export const ADMIN_STATS_MAX_DAYS = 90;
export const ADMIN_STATS_DEFAULT_DAYS = 30;

export const adminStatsSeriesQuerySchema = z.object({
  metric: z.enum(ADMIN_STATS_METRICS),
  days: z.coerce.number().int().min(1).max(ADMIN_STATS_MAX_DAYS).default(ADMIN_STATS_DEFAULT_DAYS),
});

/** One UTC day, oldest first, today last; every day present (zero when nothing happened). */
export const adminStatsPointSchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  /** A count (new_users, active_miners) or FRE with 9 fraction digits (mined). */
  value: z.string(),
});
export const adminStatsSeriesSchema = z.object({
  metric: z.enum(ADMIN_STATS_METRICS),
  days: z.number().int(),
  points: z.array(adminStatsPointSchema),
});

export type AdminStats = z.infer<typeof adminStatsSchema>;
export type AdminStatsSeriesQuery = z.infer<typeof adminStatsSeriesQuerySchema>;
export type AdminStatsSeries = z.infer<typeof adminStatsSeriesSchema>;
export type AdminStatsPoint = z.infer<typeof adminStatsPointSchema>;
