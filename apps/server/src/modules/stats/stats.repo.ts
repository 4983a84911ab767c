import type { AdminStatsMetric } from "@fre/shared";
import { MAX_COUNTED_REFERRALS, REFERRAL_BONUS_NANO } from "@fre/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";

const DAY = 86_400_000;

/** Amounts and sums travel as text (bigint and numeric do not fit a JS number). */
type Row = Record<string, string | number | null>;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

async function one(db: Db, query: SQL): Promise<Row> {
  return rowsOf<Row>(await db.execute(query))[0] ?? {};
}

/**
 * Every figure of the statistics at `now`, one statement per table. A miner is active over a
 * window when one of their sessions ran in it: it stopped (or ends) after the window's start.
 * The windowed reads start from mining_sessions_end_time_idx and ledger_entries_kind_created_idx;
 * the all-time counts read their whole table (the 60 s cache pays for them).
 */
export async function readGlobalFigures(db: Db, now: Date) {
  const ago = (days: number) => at(new Date(now.getTime() - days * DAY));
  const nowSql = at(now);
  const stop = sql`coalesce(ended_at, end_time)`;
  const [ledger, recent, completed, people, bonuses, shop, games] = await Promise.all([
    one(
      db,
      sql`select
        coalesce(sum(amount_nano) filter (where kind = 'mining'), 0)::text as "allTime",
        coalesce(sum(amount_nano) filter (where kind = 'mining' and created_at > ${ago(1)}), 0)::text as "day",
        coalesce(sum(amount_nano) filter (where kind = 'mining' and created_at > ${ago(7)}), 0)::text as "week",
        coalesce(sum(amount_nano) filter (where kind = 'mining' and created_at > ${ago(30)}), 0)::text as "month",
        coalesce(sum(amount_nano) filter (where kind = 'mining' and created_at > ${ago(91)}), 0)::text as "quarter",
        coalesce(sum(amount_nano) filter (where kind = 'mining' and created_at > ${ago(365)}), 0)::text as "year",
        coalesce(sum(amount_nano) filter (where kind = 'bonus'), 0)::text as "bonusCodes"
      from ledger_entries where kind in ('mining', 'bonus')`,
    ),
    one(
      db,
      sql`select
        count(distinct user_id) filter (where ${stop} > ${ago(1)})::int as "miners24h",
        count(distinct user_id) filter (where ${stop} > ${ago(7)})::int as "minersWeek",
        count(distinct user_id) filter (where ${stop} > ${ago(30)})::int as "minersMonth",
        count(*) filter (where status = 'active' and end_time > ${nowSql})::int as "activeSessions",
        coalesce(avg(rate_nano) filter (where status = 'active' and end_time > ${nowSql}), 0)::bigint::text as "avgRate",
        coalesce(max(rate_nano), 0)::text as "peakRate"
      from mining_sessions where end_time > ${ago(366)}`,
    ),
    one(
      db,
      sql`select count(*)::int as "completed",
        coalesce(avg(extract(epoch from (coalesce(ended_at, claimed_at) - start_time)) * 1000), 0)::bigint::text as "avgDurationMs"
      from mining_sessions where status <> 'active'`,
    ),
    one(
      db,
      sql`select count(*) filter (where erased_at is null)::int as "users",
        count(*) filter (where created_at >= date_trunc('day', ${nowSql} at time zone 'UTC') at time zone 'UTC'
          and created_at <= ${nowSql})::int as "newToday"
      from users`,
    ),
    one(
      db,
      sql`select
        (select coalesce(sum(least(n, ${MAX_COUNTED_REFERRALS}::int)), 0) * ${REFERRAL_BONUS_NANO.toString()}::bigint
         from (select r.referred_by, count(*) as n from users r
               join mining_sessions s on s.user_id = r.id and s.status = 'active' and s.end_time > ${nowSql}
               where r.referred_by is not null group by r.referred_by) referrers)::text as "referral",
        (select coalesce(sum(reward_nano), 0) from level_validations)::text as "level",
        (select coalesce(sum(value_nano), 0) from boosts
         where applied_at <= ${nowSql} and expires_at > ${nowSql})::text as "temporary"`,
    ),
    one(
      db,
      sql`select coalesce(sum(received_nano), 0)::text as "revenue", count(*)::int as "paid"
      from shop_orders where status = 'paid'`,
    ),
    one(
      db,
      sql`select coalesce(sum(amount_nano), 0)::text as "stakes",
        coalesce(sum(payout_nano), 0)::text as "payouts", count(*)::int as "bets",
        case when sum(amount_nano) > 0
          then round(1 - sum(payout_nano)::numeric / sum(amount_nano), 6)::text end as "edge"
      from game_bets where status = 'settled'`,
    ),
  ]);
  return { ledger, recent, completed, people, bonuses, shop, games };
}

export type GlobalFigures = Awaited<ReturnType<typeof readGlobalFigures>>;

/**
 * The per-day aggregate of one metric, keyed by the UTC day it falls in, over [from, to).
 * Each reads only the window through an index whose leading columns bound it.
 */
const DAILY: Record<AdminStatsMetric, (from: SQL, to: SQL) => SQL> = {
  new_users: (from, to) => sql`
    select date_trunc('day', created_at at time zone 'UTC') as day, count(*)::numeric as value
    from users where created_at >= ${from} and created_at < ${to} group by 1`,
  mined: (from, to) => sql`
    select date_trunc('day', created_at at time zone 'UTC') as day, sum(amount_nano) as value
    from ledger_entries where kind = 'mining' and created_at >= ${from} and created_at < ${to}
    group by 1`,
  // A miner counts on each day one of their sessions ran in: started before the day's end and
  // stopped (or ends) after its start. end_time bounds the read (a stop is never after it).
  active_miners: (from, to) => sql`
    select d.day, count(distinct s.user_id)::numeric as value
    from days d join mining_sessions s
      on coalesce(s.ended_at, s.end_time) > d.day at time zone 'UTC'
      and s.start_time < (d.day + interval '1 day') at time zone 'UTC'
    where s.end_time > ${from} and s.start_time < ${to}
    group by d.day`,
};

/**
 * The last `days` UTC days up to `now`'s, oldest first, every day present: the metric's value
 * for each as text (a count, or nano-FRE), zero on a day without any.
 */
export async function readDailySeries(
  db: Db,
  metric: AdminStatsMetric,
  days: number,
  now: Date,
): Promise<{ day: string; value: string }[]> {
  const today = sql`date_trunc('day', ${at(now)} at time zone 'UTC')`;
  const first = sql`(${today} - (${days}::int - 1) * interval '1 day')`;
  const from = sql`(${first} at time zone 'UTC')`;
  const to = sql`((${today} + interval '1 day') at time zone 'UTC')`;
  const rows = rowsOf<{ day: string; value: string }>(
    await db.execute(sql`
      with days as (
        select generate_series(${first}, ${today}, interval '1 day') as day
      ), daily as (${DAILY[metric](from, to)})
      select to_char(days.day, 'YYYY-MM-DD') as "day", coalesce(daily.value, 0)::text as "value"
      from days left join daily on daily.day = days.day
      order by days.day`),
  );
  return rows.map((row) => ({ day: String(row.day), value: String(row.value) }));
}
