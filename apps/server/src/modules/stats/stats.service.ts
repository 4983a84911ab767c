import {
  type AdminStats,
  type AdminStatsMetric,
  type AdminStatsSeries,
  formatNano,
  type PublicStats,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { type GlobalFigures, readDailySeries, readGlobalFigures } from "./stats.repo.ts";

const CACHE_MS = 60_000;

const fre = (text: string | number | null | undefined) => formatNano(BigInt(text ?? 0));
const count = (value: string | number | null | undefined) => Number(value ?? 0);

function statsOf(f: GlobalFigures, now: Date): AdminStats {
  const edge = f.games.edge;
  return {
    totalMinedAllTime: fre(f.ledger.allTime),
    totalMined24h: fre(f.ledger.day),
    totalMinedWeek: fre(f.ledger.week),
    totalMinedMonth: fre(f.ledger.month),
    totalMined3Months: fre(f.ledger.quarter),
    totalMinedYear: fre(f.ledger.year),
    activeMiners24h: count(f.recent.miners24h),
    activeMinersWeek: count(f.recent.minersWeek),
    activeMinersMonth: count(f.recent.minersMonth),
    averageMiningRate: fre(f.recent.avgRate),
    peakMiningRate: fre(f.recent.peakRate),
    totalUsers: count(f.people.users),
    newUsersToday: count(f.people.newToday),
    totalActiveSessions: count(f.recent.activeSessions),
    totalCompletedSessions: count(f.completed.completed),
    averageSessionDurationMs: count(f.completed.avgDurationMs),
    totalReferralBonus: fre(f.bonuses.referral),
    totalLevelBonus: fre(f.bonuses.level),
    totalTemporaryBonus: fre(f.bonuses.temporary),
    bonusCodeCredits: fre(f.ledger.bonusCodes),
    shop: { revenueTon: fre(f.shop.revenue), paidOrders: count(f.shop.paid) },
    games: {
      stakes: fre(f.games.stakes),
      payouts: fre(f.games.payouts),
      bets: count(f.games.bets),
      houseEdge: edge === null || edge === undefined ? null : Number(edge),
    },
    lastUpdated: now.toISOString(),
  };
}

/**
 * Global statistics of spec §3 and the admin's daily series, computed by SQL from sessions, the
 * ledger, the shop and the games (no drifting counters) and cached for 60 s per instance
 * (decision 0026).
 */
export function statsService(db: Db, clock: Clock) {
  let cached: { at: number; value: AdminStats } | null = null;
  // At most 3 metrics × 90 lengths: bounded without an eviction rule.
  const series = new Map<string, { at: number; value: AdminStatsSeries }>();

  async function globalStats(): Promise<AdminStats> {
    const now = clock.now();
    if (!cached || now.getTime() - cached.at >= CACHE_MS) {
      cached = { at: now.getTime(), value: statsOf(await readGlobalFigures(db, now), now) };
    }
    return cached.value;
  }

  async function dailySeries(metric: AdminStatsMetric, days: number): Promise<AdminStatsSeries> {
    const now = clock.now();
    const key = `${metric}:${days}`;
    const hit = series.get(key);
    if (hit && now.getTime() - hit.at < CACHE_MS) return hit.value;
    const points = await readDailySeries(db, metric, days, now);
    const value: AdminStatsSeries = {
      metric,
      days,
      points:
        metric === "mined"
          ? points.map((p) => ({ day: p.day, value: formatNano(BigInt(p.value)) }))
          : points,
    };
    series.set(key, { at: now.getTime(), value });
    return value;
  }

  return {
    globalStats,
    dailySeries,
    async publicStats(): Promise<PublicStats> {
      const s = await globalStats();
      return {
        totalUsers: s.totalUsers,
        activeMiners24h: s.activeMiners24h,
        totalMined: s.totalMinedAllTime,
      };
    },
  };
}

export type StatsService = ReturnType<typeof statsService>;
