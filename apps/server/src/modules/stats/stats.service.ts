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

const freDecimal = (text: string | number | null | undefined) => formatNano(BigInt(text ?? 0));
const count = (value: string | number | null | undefined) => Number(value ?? 0);

function statsOf(f: GlobalFigures, now: Date): AdminStats {
  const edge = f.games.edge;
  return {
    totalMinedAllTime: freDecimal(f.ledger.allTime),
    totalMined24h: freDecimal(f.ledger.day),
    totalMinedWeek: freDecimal(f.ledger.week),
    totalMinedMonth: freDecimal(f.ledger.month),
    totalMined3Months: freDecimal(f.ledger.quarter),
    totalMinedYear: freDecimal(f.ledger.year),
    activeMiners24h: count(f.recent.miners24h),
    activeMinersWeek: count(f.recent.minersWeek),
    activeMinersMonth: count(f.recent.minersMonth),
    averageMiningRate: freDecimal(f.recent.avgRate),
    peakMiningRate: freDecimal(f.recent.peakRate),
    totalUsers: count(f.people.users),
    newUsersToday: count(f.people.newToday),
    totalActiveSessions: count(f.recent.activeSessions),
    totalCompletedSessions: count(f.completed.completed),
    averageSessionDurationMs: count(f.completed.avgDurationMs),
    totalReferralBonus: freDecimal(f.bonuses.referral),
    totalLevelBonus: freDecimal(f.bonuses.level),
    totalTemporaryBonus: freDecimal(f.bonuses.temporary),
    bonusCodeCredits: freDecimal(f.ledger.bonusCodes),
    shop: { revenueTon: freDecimal(f.shop.revenue), paidOrders: count(f.shop.paid) },
    games: {
      stakes: freDecimal(f.games.stakes),
      payouts: freDecimal(f.games.payouts),
      bets: count(f.games.bets),
      houseEdge: edge === null || edge === undefined ? null : Number(edge),
    },
    lastUpdated: now.toISOString(),
  };
}

/**
 * A value per key, computed at most once a minute: within the minute the last value is answered;
 * on a miss, callers that arrive while it is being computed await the same computation (a burst
 * of admins or landing visitors starts one set of queries, not one each). A failed computation
 * is not kept: the next caller tries again.
 */
function minuteCache<T>(clock: Clock) {
  const done = new Map<string, { at: number; value: T }>();
  const running = new Map<string, Promise<T>>();
  return (key: string, compute: (now: Date) => Promise<T>): Promise<T> => {
    const now = clock.now();
    const hit = done.get(key);
    if (hit && now.getTime() - hit.at < CACHE_MS) return Promise.resolve(hit.value);
    const pending = running.get(key);
    if (pending) return pending;
    const started = compute(now)
      .then((value) => {
        done.set(key, { at: now.getTime(), value });
        return value;
      })
      .finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}

/**
 * Global statistics of spec §3 and the admin's daily series, computed by SQL from sessions, the
 * ledger, the shop and the games (no drifting counters) and cached for 60 s per instance, one
 * computation at a time per figure set (decision 0026).
 */
export function statsService(db: Db, clock: Clock) {
  const figures = minuteCache<AdminStats>(clock);
  // At most 3 metrics × 90 lengths: bounded without an eviction rule.
  const series = minuteCache<AdminStatsSeries>(clock);

  function globalStats(): Promise<AdminStats> {
    return figures("global", async (now) => statsOf(await readGlobalFigures(db, now), now));
  }

  function dailySeries(metric: AdminStatsMetric, days: number): Promise<AdminStatsSeries> {
    return series(`${metric}:${days}`, async (now) => {
      const points = await readDailySeries(db, metric, days, now);
      return {
        metric,
        days,
        points:
          metric === "mined"
            ? points.map((p) => ({ day: p.day, value: formatNano(BigInt(p.value)) }))
            : points,
      };
    });
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
