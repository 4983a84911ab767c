import { formatNano, type PublicStats } from "@fre/shared";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";

const CACHE_MS = 60_000;
const DAY = 86_400_000;

type Row = Record<string, string | number | null>;

/**
 * Global statistics of spec §3, computed by SQL from sessions and the ledger (no drifting
 * counters) and cached for 60 s per instance.
 */
export function statsService(db: Db, clock: Clock) {
  let cached: { at: number; value: Awaited<ReturnType<typeof compute>> } | null = null;

  async function compute() {
    const now = clock.now();
    const ago = (days: number) =>
      sql`${new Date(now.getTime() - days * DAY).toISOString()}::timestamptz`;
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const [mined] = rowsOf<Row>(
      await db.execute(sql`
        select
          coalesce(sum(amount_nano), 0)::text as "allTime",
          coalesce(sum(amount_nano) filter (where created_at > ${ago(1)}), 0)::text as "day",
          coalesce(sum(amount_nano) filter (where created_at > ${ago(7)}), 0)::text as "week",
          coalesce(sum(amount_nano) filter (where created_at > ${ago(30)}), 0)::text as "month",
          coalesce(sum(amount_nano) filter (where created_at > ${ago(91)}), 0)::text as "quarter",
          coalesce(sum(amount_nano) filter (where created_at > ${ago(365)}), 0)::text as "year"
        from ledger_entries where kind = 'mining'`),
    );
    const [sessions] = rowsOf<Row>(
      await db.execute(sql`
        select
          count(distinct user_id) filter (where end_time > ${ago(1)})::int as "miners24h",
          count(distinct user_id) filter (where end_time > ${ago(7)})::int as "minersWeek",
          count(distinct user_id) filter (where end_time > ${ago(30)})::int as "minersMonth",
          count(*) filter (where status = 'active' and end_time > ${nowSql})::int as "activeSessions",
          count(*) filter (where status <> 'active')::int as "completedSessions",
          coalesce(avg(rate_nano) filter (where status = 'active' and end_time > ${nowSql}), 0)::bigint::text as "avgRate",
          coalesce(max(rate_nano), 0)::text as "peakRate",
          coalesce(avg(extract(epoch from (claimed_at - start_time)) * 1000)
            filter (where status <> 'active'), 0)::bigint::text as "avgDurationMs"
        from mining_sessions where start_time > ${ago(366)} or status = 'active'`),
    );
    const [people] = rowsOf<Row>(await db.execute(sql`select count(*)::int as "users" from users`));
    return {
      totalMinedAllTime: formatNano(BigInt(mined?.allTime ?? 0)),
      totalMined24h: formatNano(BigInt(mined?.day ?? 0)),
      totalMinedWeek: formatNano(BigInt(mined?.week ?? 0)),
      totalMinedMonth: formatNano(BigInt(mined?.month ?? 0)),
      totalMined3Months: formatNano(BigInt(mined?.quarter ?? 0)),
      totalMinedYear: formatNano(BigInt(mined?.year ?? 0)),
      activeMiners24h: Number(sessions?.miners24h ?? 0),
      activeMinersWeek: Number(sessions?.minersWeek ?? 0),
      activeMinersMonth: Number(sessions?.minersMonth ?? 0),
      averageMiningRate: formatNano(BigInt(sessions?.avgRate ?? 0)),
      peakMiningRate: formatNano(BigInt(sessions?.peakRate ?? 0)),
      totalUsers: Number(people?.users ?? 0),
      totalActiveSessions: Number(sessions?.activeSessions ?? 0),
      totalCompletedSessions: Number(sessions?.completedSessions ?? 0),
      averageSessionDurationMs: Number(sessions?.avgDurationMs ?? 0),
      lastUpdated: now.toISOString(),
    };
  }

  async function globalStats() {
    const now = clock.now().getTime();
    if (!cached || now - cached.at >= CACHE_MS) cached = { at: now, value: await compute() };
    return cached.value;
  }

  return {
    globalStats,
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
