import { and, eq } from "drizzle-orm";
import { type Db, driverQuery, preparedFor, type Tx } from "../../db/client.ts";
import { miningSessions, users } from "../../db/schema/index.ts";
import { batchLoader } from "../../lib/batch-loader.ts";

export type SessionRow = typeof miningSessions.$inferSelect;
type Executor = Db | Tx;

export async function findActiveSession(db: Executor, userId: string, forUpdate = false) {
  const query = db
    .select()
    .from(miningSessions)
    .where(and(eq(miningSessions.userId, userId), eq(miningSessions.status, "active")))
    .limit(1);
  const rows = forUpdate ? await query.for("update") : await query;
  return rows[0] ?? null;
}

export async function insertSession(tx: Executor, values: typeof miningSessions.$inferInsert) {
  const [row] = await tx.insert(miningSessions).values(values).returning();
  return row!;
}

export async function updateSession(
  tx: Executor,
  id: string,
  changes: Partial<typeof miningSessions.$inferInsert>,
) {
  await tx.update(miningSessions).set(changes).where(eq(miningSessions.id, id));
}

/**
 * The facts the rate is made of, for user `u` (the row being read) at instant `at` (spec §9):
 * referrals with an active, not-ended session, and the boosts live at that instant. One text for
 * every reader.
 */
const rateFactsColumns = (at: string) => `u.level, u.referred_by, u.email_verified,
    (select count(*)::int from users r
     join mining_sessions s on s.user_id = r.id and s.status = 'active' and s.end_time > ${at}
     where r.referred_by = u.id) as active_referrals,
    (select coalesce(sum(b.value_nano), 0)::text from boosts b
     where b.user_id = u.id and b.applied_at <= ${at} and b.expires_at > ${at}
    ) as boosts_nano,
    (select coalesce(sum(p.rate_bonus_nano), 0)::text from user_packs p
     where p.user_id = u.id and p.granted_at <= ${at}
    ) as packs_nano`;

interface RateFactsRow {
  level: number;
  referred_by: string | null;
  email_verified: boolean;
  active_referrals: number;
  boosts_nano: string;
  packs_nano: string;
}

const rateFactsOf = (row: RateFactsRow) => ({
  level: row.level,
  referrer: row.referred_by,
  emailVerified: row.email_verified,
  activeReferrals: row.active_referrals,
  boostsNano: row.boosts_nano,
  packsNano: row.packs_nano,
});

const RATE_FACTS_SQL = `select ${rateFactsColumns("$2::timestamptz")} from users u where u.id = $1`;

/** The facts the rate is made of, read at `now`. */
export async function readRateFacts(db: Executor, userId: string, now: Date) {
  const [row] = await driverQuery<RateFactsRow>(db, RATE_FACTS_SQL, [userId, now.toISOString()]);
  return row ? rateFactsOf(row) : null;
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
interface MiningStateRow extends RateFactsRow {
  key: string;
  id: string | null;
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

const instant = (value: Instant) => new Date(value);
const orNull = <T, R>(value: T | null, map: (v: T) => R) => (value === null ? null : map(value));

type MiningState = ReturnType<typeof rateFactsOf> & { session: SessionRow | null };

function miningStateOf(row: MiningStateRow): MiningState {
  const session: SessionRow | null =
    row.id === null
      ? null
      : {
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
        };
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
 * counting). Other changes (a start, a claim, a code, a level) happen on a request that re-rates.
 */
export async function nextRateChange(db: Executor, userId: string, after: Date) {
  const [row] = await driverQuery<{ at: Date | string | null }>(db, NEXT_RATE_CHANGE_SQL, [
    userId,
    after.toISOString(),
  ]);
  return row?.at ? new Date(row.at) : null;
}

const NEXT_RATE_CHANGE_SQL = `select least(
    (select min(b.expires_at) from boosts b where b.user_id = $1 and b.expires_at > $2::timestamptz),
    (select min(b.applied_at) from boosts b where b.user_id = $1 and b.applied_at > $2::timestamptz),
    (select min(s.end_time) from users r
     join mining_sessions s on s.user_id = r.id and s.status = 'active'
       and s.end_time > $2::timestamptz
     where r.referred_by = $1)
  ) as at`;

/** The user's referrer, with the user's nickname (for the referrer's notification). */
export async function findReferrer(db: Executor, userId: string) {
  const [row] = await db
    .select({ referrerId: users.referredBy, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId));
  return row?.referrerId ? { referrerId: row.referrerId, nickname: row.nickname } : null;
}
