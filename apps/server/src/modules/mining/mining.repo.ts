import { eq } from "drizzle-orm";
import { type Db, driverQuery, preparedFor, type Tx } from "../../db/client.ts";
import { miningSessions } from "../../db/schema/index.ts";
import { batchLoader } from "../../lib/batch-loader.ts";
import { CIRCLE_SETTINGS_KEY, memberCountsSql, memberMinedSql } from "./circle-sql.ts";

export type SessionRow = typeof miningSessions.$inferSelect;
type Executor = Db | Tx;

/** The user's active session, locked for the transaction with `forUpdate` (fixed SQL texts). */
export async function findActiveSession(db: Executor, userId: string, forUpdate = false) {
  const [row] = await driverQuery<SessionDbRow>(
    db,
    forUpdate ? ACTIVE_SESSION_SQL_FOR_UPDATE : ACTIVE_SESSION_SQL,
    [userId],
  );
  return row ? sessionOf(row) : null;
}

const ACTIVE_SESSION_SQL = `select * from mining_sessions
  where user_id = $1 and status = 'active' limit 1`;
const ACTIVE_SESSION_SQL_FOR_UPDATE = `${ACTIVE_SESSION_SQL} for update`;

const INSERT_SESSION_SQL = `insert into mining_sessions
    (user_id, start_time, end_time, base_rate_nano, rate_nano, segment_start, rate_checked_at)
  values ($1, $2::timestamptz, $3::timestamptz, $4::bigint, $5::bigint, $6::timestamptz,
    $7::timestamptz)
  returning *`;

/** A new active session (the one-active unique index refuses a second). */
export async function insertSession(
  tx: Executor,
  values: Pick<
    SessionRow,
    | "userId"
    | "startTime"
    | "endTime"
    | "baseRateNano"
    | "rateNano"
    | "segmentStart"
    | "rateCheckedAt"
  >,
) {
  const [row] = await driverQuery<SessionDbRow>(tx, INSERT_SESSION_SQL, [
    values.userId,
    values.startTime.toISOString(),
    values.endTime.toISOString(),
    values.baseRateNano.toString(),
    values.rateNano.toString(),
    values.segmentStart.toISOString(),
    values.rateCheckedAt.toISOString(),
  ]);
  return sessionOf(row!);
}

export async function updateSession(
  tx: Executor,
  id: string,
  changes: Partial<typeof miningSessions.$inferInsert>,
) {
  await tx.update(miningSessions).set(changes).where(eq(miningSessions.id, id));
}

/** A running segment's accrued amount, start and rate, as both writes below send them. */
const segmentParams = (s: SessionRow) => [
  s.accruedNano.toString(),
  s.segmentStart.toISOString(),
  s.rateNano.toString(),
];

/** Writes a running session's accrual (segment, rate, end) as brought up to date. */
export async function saveSessionAccrual(tx: Executor, s: SessionRow) {
  await driverQuery(tx, SAVE_ACCRUAL_SQL, [
    s.id,
    ...segmentParams(s),
    s.rateCheckedAt.toISOString(),
    s.endTime.toISOString(),
    String(s.timeReductionMs),
  ]);
}

const SAVE_ACCRUAL_SQL = `update mining_sessions set accrued_nano = $2::bigint,
    segment_start = $3::timestamptz, rate_nano = $4::bigint, rate_checked_at = $5::timestamptz,
    end_time = $6::timestamptz, time_reduction_ms = $7::bigint
  where id = $1`;

/** Closes a session (claimed or stopped) with what it credited, as `settled` says. */
export async function settleSession(tx: Executor, settled: SessionRow) {
  await driverQuery(tx, SETTLE_SESSION_SQL, [
    settled.id,
    settled.status,
    ...segmentParams(settled),
    (settled.creditedNano ?? 0n).toString(),
    settled.claimedAt?.toISOString() ?? null,
    settled.endedAt?.toISOString() ?? null,
  ]);
}

const SETTLE_SESSION_SQL = `update mining_sessions set status = $2, accrued_nano = $3::bigint,
    segment_start = $4::timestamptz, rate_nano = $5::bigint, credited_nano = $6::bigint,
    claimed_at = $7::timestamptz, ended_at = $8::timestamptz
  where id = $1`;

/**
 * The facts the rate is made of, for user `u` (the row being read) at instant `at` (spec §9):
 * referrals with an active, not-ended session, the boosts live at that instant, and whether an
 * admin withheld the account's referral bonus by then (decision 0045). One text for every reader.
 * Each "is there a row" is a scalar probe of one index (see memberMinedSql): a generic plan made
 * while a table looked small cannot turn it into a scan of the whole table on every execution.
 */
const rateFactsColumns = (at: string) => `u.level, u.referred_by, u.nickname, u.email_verified,
    (select count(*)::int from users r
     where r.referred_by = u.id and (select true from mining_sessions s
       where s.user_id = r.id and s.status = 'active' and s.end_time > ${at}) is not null
    ) as active_referrals,
    (select coalesce(sum(b.value_nano), 0)::text from boosts b
     where b.user_id = u.id and b.applied_at <= ${at} and b.expires_at > ${at}
    ) as boosts_nano,
    (select coalesce(sum(p.rate_bonus_nano), 0)::text from user_packs p
     where p.user_id = u.id and p.granted_at <= ${at}
    ) as packs_nano,
    ((select true from user_risk ur
     where ur.user_id = u.id and ur.referral_bonus_withheld_at <= ${at}) is not null
    ) as referrals_withheld,
    ${circleFactsColumns(at)}`;

/**
 * The security circle at instant `at` (decision 0043): members named by then, those of them who
 * mined at some instant of the 24 h before `at`, and the admin's rules (app_settings, read in the
 * same statement: no round trip more on the start/claim path).
 */
const circleFactsColumns = (at: string) => `(select count(*)::int from circle_members c
     where c.user_id = u.id and c.added_at <= ${at}) as circle_members,
    (select count(*)::int from circle_members c
     where c.user_id = u.id and c.added_at <= ${at} and ${memberCountsSql("c.member_id", at)}
    ) as circle_active,
    (select a.value::text from app_settings a where a.key = '${CIRCLE_SETTINGS_KEY}'
    ) as circle_settings`;

interface RateFactsRow {
  level: number;
  referred_by: string | null;
  nickname: string;
  email_verified: boolean;
  active_referrals: number;
  boosts_nano: string;
  packs_nano: string;
  referrals_withheld: boolean;
  circle_members: number;
  circle_active: number;
  circle_settings: string | null;
}

const rateFactsOf = (row: RateFactsRow) => ({
  level: row.level,
  referrer: row.referred_by,
  /** The user's nickname (what the referrer's notice shows). */
  nickname: row.nickname,
  emailVerified: row.email_verified,
  activeReferrals: row.active_referrals,
  boostsNano: row.boosts_nano,
  packsNano: row.packs_nano,
  /** An admin withheld the referral bonus at or before the instant (decision 0045). */
  referralsWithheld: row.referrals_withheld,
  circleMembers: row.circle_members,
  circleActive: row.circle_active,
  /** The circle's rules as stored (JSON text), or null: the defaults. */
  circleSettings: row.circle_settings,
});

const RATE_FACTS_SQL = `select ${rateFactsColumns("$2::timestamptz")} from users u where u.id = $1`;

/** The facts the rate is made of, read at `now`. */
export async function readRateFacts(db: Executor, userId: string, now: Date) {
  const [row] = await driverQuery<RateFactsRow>(db, RATE_FACTS_SQL, [userId, now.toISOString()]);
  return row ? rateFactsOf(row) : null;
}

/** At most this many circle owners are re-rated after a member's start. */
export const CIRCLE_RERATE_LIMIT = 100;

/**
 * A start's facts (one statement, as before the circle): the rate's facts at `now` and, when the
 * user did not count in anyone's circle until now (no session in the last 24 h), the owners who
 * named them and mine right now: their rate may rise with this start. At most 100, in a fixed
 * order (decision 0043: reads refresh the others anyway).
 */
const START_FACTS_SQL = `select ${rateFactsColumns("$2::timestamptz")},
    case when ${memberMinedSql("u.id", "$2::timestamptz")} then '{}'::text[] else array(
      select c.user_id from circle_members c
      join mining_sessions o on o.user_id = c.user_id and o.status = 'active'
        and o.end_time > $2::timestamptz
      where c.member_id = u.id order by c.user_id limit ${CIRCLE_RERATE_LIMIT}) end as circle_owners
  from users u where u.id = $1`;

export async function readStartFacts(db: Executor, userId: string, now: Date) {
  const [row] = await driverQuery<RateFactsRow & { circle_owners: string[] }>(db, START_FACTS_SQL, [
    userId,
    now.toISOString(),
  ]);
  return row ? { ...rateFactsOf(row), circleOwners: row.circle_owners } : null;
}

// The dashboard's read, written once in SQL (it runs on every GET /api/mining): for each asked
// (user, instant), the rate facts at that instant and the newest session — the active one when
// there is one, since a session only starts when none is active. The reads of one event-loop
// turn go in one statement (decision 0010), each with its own instant. (Instants travel as text:
// drizzle's postgres.js setup passes timestamp values through unserialized, arrays included.)
// The newest session comes from mining_sessions_user_start_idx, whose order (desc, nulls first)
// is `order by start_time desc`'s: otherwise PostgreSQL reads and sorts all of a user's sessions
// (migration 0009), a cost growing with their history.
export const MINING_STATE_SQL = `
  select k.key, ${rateFactsColumns("k.at::timestamptz")},
    n.id, n.user_id, n.status, n.start_time, n.end_time, n.base_rate_nano, n.rate_nano,
    n.segment_start, n.accrued_nano, n.rate_checked_at, n.time_reduction_ms, n.credited_nano,
    n.claimed_at, n.ended_at, n.notification_sent, n.created_at
  from unnest($1::text[], $2::text[], $3::text[]) as k(key, user_id, at)
  join users u on u.id = k.user_id
  left join lateral (
    select * from mining_sessions m
    where m.user_id = u.id order by m.start_time desc limit 1
  ) n on true`;

type Instant = Date | string;
type Int8 = bigint | string | number;
/** The rate's facts with the newest session's columns (`id` null: the user has none). */
interface MiningStateRow extends RateFactsRow, Omit<SessionDbRow, "id"> {
  key: string;
  id: string | null;
}

const instant = (value: Instant) => new Date(value);
const orNull = <T, R>(value: T | null, map: (v: T) => R) => (value === null ? null : map(value));

/** The rate's facts and the newest session: what the dashboard's answer is made of. */
export type MiningState = ReturnType<typeof rateFactsOf> & { session: SessionRow | null };

/** A `mining_sessions` row as the driver gives it (timestamps as text or Date, int8 as text). */
interface SessionDbRow {
  id: string;
  user_id: string;
  status: SessionRow["status"];
  start_time: Instant;
  end_time: Instant;
  base_rate_nano: Int8;
  rate_nano: Int8;
  segment_start: Instant;
  accrued_nano: Int8;
  rate_checked_at: Instant;
  time_reduction_ms: Int8;
  credited_nano: Int8 | null;
  claimed_at: Instant | null;
  ended_at: Instant | null;
  notification_sent: boolean;
  created_at: Instant;
}

const sessionOf = (row: SessionDbRow): SessionRow => ({
  id: row.id,
  userId: row.user_id,
  status: row.status,
  startTime: instant(row.start_time),
  endTime: instant(row.end_time),
  baseRateNano: BigInt(row.base_rate_nano),
  rateNano: BigInt(row.rate_nano),
  segmentStart: instant(row.segment_start),
  accruedNano: BigInt(row.accrued_nano),
  rateCheckedAt: instant(row.rate_checked_at),
  timeReductionMs: Number(row.time_reduction_ms),
  creditedNano: orNull(row.credited_nano, BigInt),
  claimedAt: orNull(row.claimed_at, instant),
  endedAt: orNull(row.ended_at, instant),
  notificationSent: row.notification_sent,
  createdAt: instant(row.created_at),
});

function miningStateOf(row: MiningStateRow): MiningState {
  const session = row.id === null ? null : sessionOf(row as SessionDbRow);
  return { ...rateFactsOf(row), session };
}

/** A read's key: the instant (ISO, no space) and the user. */
const stateKey = (userId: string, now: Date) => `${now.toISOString()} ${userId}`;

const stateLoader = preparedFor((db) =>
  batchLoader<string, MiningState>(async (keys) => {
    const rows = await driverQuery<MiningStateRow>(db, MINING_STATE_SQL, [
      keys,
      keys.map((key) => key.slice(key.indexOf(" ") + 1)),
      keys.map((key) => key.slice(0, key.indexOf(" "))),
    ]);
    return new Map(rows.map((row) => [row.key, miningStateOf(row)]));
  }),
);

/**
 * The dashboard's whole read (see MINING_STATE_SQL): rate facts and the newest session at
 * `now`, or null for an unknown user.
 */
export async function readMiningState(db: Db, userId: string, now: Date) {
  return (await stateLoader(db)(stateKey(userId, now))) ?? null;
}

/**
 * The next instant after `after` at which the user's rate changes by itself: a boost starts (a box
 * bought while another runs waits for its end) or expires, or a
 * referee's running session reaches its end (nobody claims at that instant, yet the referral stops
 * counting), the security circle's count may change, or an admin's withhold of the referral bonus
 * begins (so a later read re-rates from that instant even if nothing re-rated then). Other changes
 * (a start, a claim, a code, a level, a release of the bonus) happen on a request that re-rates.
 * `user` and `after` are SQL expressions.
 */
const nextRateChangeSql = (user: string, after: string) => `least(
    (select min(b.expires_at) from boosts b where b.user_id = ${user} and b.expires_at > ${after}),
    (select min(b.applied_at) from boosts b where b.user_id = ${user} and b.applied_at > ${after}),
    (select min(s.end_time) from users r
     join mining_sessions s on s.user_id = r.id and s.status = 'active'
       and s.end_time > ${after}
     where r.referred_by = ${user}),
    (select ur.referral_bonus_withheld_at from user_risk ur
     where ur.user_id = ${user} and ur.referral_bonus_withheld_at > ${after}),
    ${circleChangesSql(user, after)}
  )`;

/**
 * The circle's own instants after `after` (decision 0043): a member named, a member's session
 * starting, and every member's lapse (a session's end + 24 h, when they stop counting unless
 * another session covers it: included anyway, the simplest exact form). Sessions that lapse after
 * `after` started after `after - 48 h` (a session lasts at most 24 h).
 */
const circleChangesSql = (user: string, after: string) => `(select min(c.added_at)
     from circle_members c where c.user_id = ${user} and c.added_at > ${after}),
    (select min(s.start_time) from circle_members c
     join mining_sessions s on s.user_id = c.member_id and s.start_time > ${after}
     where c.user_id = ${user}),
    (select min(coalesce(s.ended_at, s.end_time) + interval '24 hours') from circle_members c
     join mining_sessions s on s.user_id = c.member_id
       and s.start_time > ${after} - interval '48 hours'
       and coalesce(s.ended_at, s.end_time) + interval '24 hours' > ${after}
     where c.user_id = ${user})`;

interface RateStepRow extends RateFactsRow {
  after_at: Instant | null;
  next_change: Instant | null;
}

/**
 * One step of bringing a session up to date, in one statement: the next rate change after
 * `after` and the rate facts at `now` (null: no such user). `after: "active"` reads the
 * segment start of the user's active session in the same statement, so the step can be sent
 * right behind the statement that locks that session (it then sees the locked row).
 */
export async function readRateStep(
  db: Executor,
  userId: string,
  now: Date,
  after: Date | "active",
) {
  const [row] =
    after === "active"
      ? await driverQuery<RateStepRow>(db, RATE_STEP_ACTIVE_SQL, [userId, now.toISOString()])
      : await driverQuery<RateStepRow>(db, RATE_STEP_SQL, [
          userId,
          now.toISOString(),
          after.toISOString(),
        ]);
  if (!row) return null;
  return {
    facts: rateFactsOf(row),
    after: orNull(row.after_at, instant),
    nextChange: orNull(row.next_change, instant),
  };
}

export type RateStep = NonNullable<Awaited<ReturnType<typeof readRateStep>>>;

const RATE_STEP_SQL = `select ${rateFactsColumns("$2::timestamptz")},
    $3::timestamptz as after_at, ${nextRateChangeSql("$1", "$3::timestamptz")} as next_change
  from users u where u.id = $1`;
const RATE_STEP_ACTIVE_SQL = `select ${rateFactsColumns("$2::timestamptz")}, a.after_at,
    ${nextRateChangeSql("$1", "a.after_at")} as next_change
  from users u
  left join lateral (
    select segment_start as after_at from mining_sessions
    where user_id = u.id and status = 'active' limit 1
  ) a on true
  where u.id = $1`;
