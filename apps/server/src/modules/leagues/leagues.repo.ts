import type { LeagueName, LeagueOutcome } from "@fre/shared";
import { type Db, driverQuery, type Tx } from "../../db/client.ts";

/**
 * The weekly leagues' SQL (decision 0040). Fixed texts sent straight to the driver, prepared:
 * the group board is one statement over league_members_group_idx and ledger_entries_mined_idx.
 */

/** What a member mined in the window: the sum of their `mining` entries (the partial index). */
const MINED = `coalesce((select sum(l.amount_nano) from ledger_entries l
    where l.user_id = m.user_id and l.kind = 'mining'
      and l.created_at >= $3::timestamptz and l.created_at < $4::timestamptz), 0)::text`;

export interface BoardRow {
  user_id: string;
  nickname: string;
  league: LeagueName;
  group_no: number;
  joined_ms: string;
  mined: string;
}

const BOARD_COLUMNS = `m.user_id, u.nickname, m.league, m.group_no,
    (extract(epoch from m.joined_at) * 1000)::bigint::text as joined_ms, ${MINED} as mined`;

// My group's board, found through my own row: one statement (empty when I am not placed).
// Parameters: week, user id, the week's start and end (bench/api.ts explains it as is).
export const MY_GROUP_SQL = `with me as (
    select league, group_no from league_members where week = $1 and user_id = $2
  )
  select ${BOARD_COLUMNS}
  from me
  join league_members m on m.week = $1 and m.league = me.league and m.group_no = me.group_no
  join users u on u.id = m.user_id`;

/** The board of the group I am in this week (every member with what they mined in the week). */
export function readMyGroup(
  db: Db | Tx,
  q: { week: string; userId: string; startsAt: Date; endsAt: Date },
) {
  return driverQuery<BoardRow>(db, MY_GROUP_SQL, [
    q.week,
    q.userId,
    q.startsAt.toISOString(),
    q.endsAt.toISOString(),
  ]);
}

const GROUP_SQL = `select ${BOARD_COLUMNS}
  from league_members m join users u on u.id = m.user_id
  where m.week = $1 and m.league = $2 and m.group_no = $5`;

/** One group's board. */
export function readGroup(
  db: Db | Tx,
  q: { week: string; league: LeagueName; groupNo: number; startsAt: Date; endsAt: Date },
) {
  return driverQuery<BoardRow>(db, GROUP_SQL, [
    q.week,
    q.league,
    q.startsAt.toISOString(),
    q.endsAt.toISOString(),
    q.groupNo,
  ]);
}

export interface MemberRow {
  league: LeagueName;
  group_no: number;
  outcome: LeagueOutcome | null;
}

/** A user's row of one week, if placed. */
export async function readMember(db: Db | Tx, week: string, userId: string) {
  const [row] = await driverQuery<MemberRow>(
    db,
    "select league, group_no, outcome from league_members where week = $1 and user_id = $2",
    [week, userId],
  );
  return row ?? null;
}

/** What a user mined in a window (the partial index `ledger_entries_mined_idx`). */
export async function minedBetween(db: Db | Tx, userId: string, from: Date, to: Date) {
  const [row] = await driverQuery<{ mined: string }>(
    db,
    `select coalesce(sum(amount_nano), 0)::text as mined from ledger_entries
     where user_id = $1 and kind = 'mining' and created_at >= $2::timestamptz
       and created_at < $3::timestamptz`,
    [userId, from.toISOString(), to.toISOString()],
  );
  return BigInt(row?.mined ?? "0");
}

export async function ensureWeek(tx: Tx, w: { week: string; startsAt: Date; endsAt: Date }) {
  await driverQuery(
    tx,
    `insert into league_weeks (week, starts_at, ends_at)
     values ($1, $2::timestamptz, $3::timestamptz) on conflict do nothing`,
    [w.week, w.startsAt.toISOString(), w.endsAt.toISOString()],
  );
}

/**
 * Holds the placement lock of one week's league until the transaction ends: two placements in
 * the same league never read the same last group's count (no group of 51).
 */
export async function lockLeagueOfWeek(tx: Tx, week: string, league: LeagueName) {
  await driverQuery(tx, "select pg_advisory_xact_lock(hashtext($1))::text as locked", [
    `fre:league-place:${week}:${league}`,
  ]);
}

/** The league's last group and how many it holds (null: no group yet). */
export async function lastGroup(tx: Tx, week: string, league: LeagueName) {
  const [row] = await driverQuery<{ group_no: number; size: number }>(
    tx,
    `select group_no, count(*)::int as size from league_members
     where week = $1 and league = $2 and group_no = (
       select max(group_no) from league_members where week = $1 and league = $2)
     group by group_no`,
    [week, league],
  );
  return row ?? null;
}

export async function insertMember(
  tx: Tx,
  m: { week: string; userId: string; league: LeagueName; groupNo: number; at: Date },
) {
  await driverQuery(
    tx,
    `insert into league_members (week, user_id, league, group_no, joined_at)
     values ($1, $2, $3, $4, $5::timestamptz)`,
    [m.week, m.userId, m.league, m.groupNo, m.at.toISOString()],
  );
}

/**
 * Users with a mining entry in [from, week end) not placed yet (the placement job), a batch at a
 * time, through ledger_entries_kind_created_idx.
 */
export function unplacedMiners(
  db: Db,
  w: { week: string; from: Date; endsAt: Date },
  limit: number,
) {
  return driverQuery<{ user_id: string }>(
    db,
    `select distinct l.user_id from ledger_entries l
     where l.kind = 'mining' and l.created_at >= $2::timestamptz and l.created_at < $3::timestamptz
       and not exists (select 1 from league_members m where m.week = $1 and m.user_id = l.user_id)
     limit $4`,
    [w.week, w.from.toISOString(), w.endsAt.toISOString(), limit],
  );
}

/** Past weeks not settled yet, oldest first. */
export function unsettledWeeks(db: Db, now: Date) {
  return driverQuery<{ week: string; starts_at: Date | string; ends_at: Date | string }>(
    db,
    `select week, starts_at, ends_at from league_weeks
     where settled_at is null and ends_at <= $1::timestamptz order by week`,
    [now.toISOString()],
  );
}

/** The groups of a week with members not settled yet. */
export function unsettledGroups(db: Db, week: string) {
  return driverQuery<{ league: LeagueName; group_no: number }>(
    db,
    `select distinct league, group_no from league_members
     where week = $1 and final_rank is null order by league, group_no`,
    [week],
  );
}

/**
 * Holds one group's settlement lock until the transaction ends: a second process settling the
 * same group waits, then finds it settled.
 */
export async function lockGroupSettlement(tx: Tx, week: string, league: string, groupNo: number) {
  await driverQuery(tx, "select pg_advisory_xact_lock(hashtext($1))::text as locked", [
    `fre:league-settle:${week}:${league}:${groupNo}`,
  ]);
}

/** Whether the group still has members without a final rank. */
export async function groupUnsettled(tx: Tx, week: string, league: string, groupNo: number) {
  const rows = await driverQuery<{ one: number }>(
    tx,
    `select 1 as one from league_members
     where week = $1 and league = $2 and group_no = $3 and final_rank is null limit 1`,
    [week, league, groupNo],
  );
  return rows.length > 0;
}

/** Writes the group's final standings (only rows not settled yet); answers the rows written. */
export function writeStandings(
  tx: Tx,
  week: string,
  rows: {
    userId: string;
    rank: number;
    minedNano: bigint;
    rewardNano: bigint;
    outcome: LeagueOutcome;
  }[],
) {
  return driverQuery<{ user_id: string }>(
    tx,
    `update league_members m set final_rank = v.rank, mined_nano = v.mined,
       reward_nano = v.reward, outcome = v.outcome
     from unnest($2::text[], $3::int[], $4::bigint[], $5::bigint[], $6::text[])
       as v(user_id, rank, mined, reward, outcome)
     where m.week = $1 and m.user_id = v.user_id and m.final_rank is null
     returning m.user_id`,
    [
      week,
      rows.map((r) => r.userId),
      rows.map((r) => r.rank),
      rows.map((r) => r.minedNano.toString()),
      rows.map((r) => r.rewardNano.toString()),
      rows.map((r) => r.outcome),
    ],
  );
}

/** Marks the week settled, once; answers whether this call did it. */
export async function markWeekSettled(db: Db, week: string, at: Date) {
  const rows = await driverQuery<{ week: string }>(
    db,
    `update league_weeks set settled_at = $2::timestamptz
     where week = $1 and settled_at is null
       and not exists (select 1 from league_members where week = $1 and final_rank is null)
     returning week`,
    [week, at.toISOString()],
  );
  return rows.length > 0;
}

/** My past weeks, newest first, with each group's size. */
export function readHistory(db: Db, userId: string, beforeWeek: string, limit: number) {
  return driverQuery<{
    week: string;
    league: LeagueName;
    final_rank: number | null;
    mined_nano: string | null;
    reward_nano: string | null;
    outcome: LeagueOutcome | null;
    group_size: number;
  }>(
    db,
    `select m.week, m.league, m.final_rank, m.mined_nano::text as mined_nano,
       m.reward_nano::text as reward_nano, m.outcome,
       (select count(*)::int from league_members g
        where g.week = m.week and g.league = m.league and g.group_no = m.group_no) as group_size
     from league_members m where m.user_id = $1 and m.week < $2
     order by m.week desc limit $3`,
    [userId, beforeWeek, limit],
  );
}

/** Me, my referrer and my referrals (at most `limit`), with this week's and all-time mined. */
export function readCircle(
  db: Db,
  q: { userId: string; startsAt: Date; endsAt: Date; limit: number },
) {
  return driverQuery<{
    user_id: string;
    nickname: string;
    relation: "me" | "referrer" | "referral";
    total: string;
    mined: string;
  }>(
    db,
    `with circle as (
       select id as user_id, 'me' as relation from users where id = $1
       union all
       select referred_by, 'referrer' from users where id = $1 and referred_by is not null
       union all
       (select id, 'referral' from users where referred_by = $1 and erased_at is null
        order by total_mined desc, id limit $4)
     )
     select c.user_id, u.nickname, c.relation, u.total_mined::text as total,
       coalesce((select sum(l.amount_nano) from ledger_entries l
         where l.user_id = c.user_id and l.kind = 'mining'
           and l.created_at >= $2::timestamptz and l.created_at < $3::timestamptz), 0)::text as mined
     from circle c join users u on u.id = c.user_id
     where u.erased_at is null or c.relation = 'me'`,
    [q.userId, q.startsAt.toISOString(), q.endsAt.toISOString(), q.limit],
  );
}

/** Per league this week: groups and members. */
export function leagueCounts(db: Db, week: string) {
  return driverQuery<{ league: LeagueName; members: number; groups: number }>(
    db,
    `select league, count(*)::int as members, count(distinct group_no)::int as groups
     from league_members where week = $1 group by league`,
    [week],
  );
}

/** The best miners of one league this week (the console). */
export function leagueTop(
  db: Db,
  q: { week: string; league: LeagueName; startsAt: Date; endsAt: Date; limit: number },
) {
  return driverQuery<{ nickname: string; group_no: number; mined: string }>(
    db,
    `select u.nickname, m.group_no, ${MINED} as mined
     from league_members m join users u on u.id = m.user_id
     where m.week = $1 and m.league = $2
     order by ${MINED.replace("::text", "")} desc, m.joined_at limit $5`,
    [q.week, q.league, q.startsAt.toISOString(), q.endsAt.toISOString(), q.limit],
  );
}
