import type { RiskReasonCode, RiskSettings } from "@fre/shared";
import { type Db, driverQuery } from "../../db/client.ts";

/**
 * The nightly job's signals (decision 0045): one set-based statement per signal over every
 * account that is not erased, each answering the accounts it fires for and the number it rests
 * on. No statement runs per user: a sliding window (`range between`), a group or an index probe
 * per account does the work, so 100k accounts cost a few statements, not 100k round trips.
 */

export interface SignalHit {
  user_id: string;
  n: number;
}

/** The part of a TON address both the raw (`0:<hex>`) and an older form share: its hash. */
const walletHash = (column: string) =>
  `case when strpos(${column}, ':') > 0 then split_part(${column}, ':', 2) else ${column} end`;

/** Each account's first sign-up row (network, instant), erased accounts left out. */
const FIRST_SIGN_UP = `select distinct on (s.user_id) s.user_id, s.network, s.created_at
    from account_signals s join users u on u.id = s.user_id
    where s.kind = 'sign-up' and u.erased_at is null
    order by s.user_id, s.created_at, s.id`;

/**
 * shared_network: how many accounts signed up from my sign-up network within the window either
 * side of my sign-up (me included), when at least the threshold.
 */
const SHARED_NETWORK_SQL = `with first_sign_up as (${FIRST_SIGN_UP}),
  counted as (
    select user_id, count(*) over (partition by network order by created_at
        range between make_interval(hours => $1::int) preceding
          and make_interval(hours => $1::int) following)::int as n
    from first_sign_up)
  select user_id, n from counted where n >= $2::int`;

/** shared_device: the most accounts one of my devices signed up or signed in to. */
const SHARED_DEVICE_SQL = `with used as (
    select distinct s.user_id, s.device from account_signals s join users u on u.id = s.user_id
    where s.device is not null and u.erased_at is null),
  shared as (
    select device, count(*)::int as n from used group by device having count(*) >= $1::int)
  select used.user_id, max(shared.n)::int as n from used join shared using (device)
  group by used.user_id`;

/**
 * referral_burst: referees of one referrer signed up from one network within the window of each
 * other. Every window starting at a referee's sign-up that holds at least the threshold is a
 * burst; its members and their referrer get the largest burst they are part of.
 */
const REFERRAL_BURST_SQL = `with referees as (
    select f.user_id, u.referred_by as referrer, f.network, f.created_at
    from (${FIRST_SIGN_UP}) f join users u on u.id = f.user_id
    where u.referred_by is not null),
  windows as (
    select referrer, network, created_at as opened, count(*) over (partition by referrer, network
        order by created_at range between current row
          and make_interval(mins => $1::int) following)::int as n
    from referees),
  bursts as (select referrer, network, opened, n from windows where n >= $2::int),
  members as (
    select r.user_id, max(b.n) as n from bursts b
    join referees r on r.referrer = b.referrer and r.network = b.network
      and r.created_at >= b.opened and r.created_at <= b.opened + make_interval(mins => $1::int)
    group by r.user_id),
  referrers as (
    select b.referrer as user_id, max(b.n) as n from bursts b
    join users u on u.id = b.referrer and u.erased_at is null
    group by b.referrer)
  select user_id, max(n)::int as n from (
    select user_id, n from members union all select user_id, n from referrers) both_sides
  group by user_id`;

/**
 * idle_referees: referrers with at least the threshold of referees older than the age, of whom
 * at least the share never started a second mining session (at most two index rows read each).
 */
const IDLE_REFEREES_SQL = `select f.referred_by as user_id, count(*)::int as n
  from users f
  join users r on r.id = f.referred_by and r.erased_at is null
  cross join lateral (
    select count(*)::int as sessions from (
      select 1 from mining_sessions ms where ms.user_id = f.id limit 2) first_two) m
  where f.erased_at is null and f.created_at <= $1::timestamptz
  group by f.referred_by
  having count(*) >= $2::int
    and 100 * count(*) filter (where m.sessions <= 1) >= $3::int * count(*)`;

/** kyc_duplicate: how many accounts hold my document number's keyed hash (me included). */
const KYC_DUPLICATE_SQL = `with documents as (
    select k.user_id, k.document_number_hash as document
    from kyc_requests k join users u on u.id = k.user_id
    where k.document_number_hash is not null and u.erased_at is null),
  shared as (
    select document, count(*)::int as n from documents group by document having count(*) >= 2)
  select documents.user_id, max(shared.n)::int as n from documents join shared using (document)
  group by documents.user_id`;

/** shared_wallet: the most accounts one of my wallets (withdrawn to, or linked) belongs to. */
const SHARED_WALLET_SQL = `with used as (
    select w.user_id, ${walletHash("w.wallet_address")} as wallet from withdrawals w
    union
    select t.user_id, ${walletHash("t.address")} from ton_wallets t),
  live as (
    select used.user_id, used.wallet from used join users u on u.id = used.user_id
    where u.erased_at is null and used.wallet <> ''),
  shared as (select wallet, count(*)::int as n from live group by wallet having count(*) >= 2)
  select live.user_id, max(shared.n)::int as n from live join shared using (wallet)
  group by live.user_id`;

/** How many of an account's latest starts robotic_mining looks at, whatever the setting. */
export const ROBOTIC_LOOKBACK = 50;

/**
 * robotic_mining: the longest run of an account's latest starts (up to ROBOTIC_LOOKBACK) whose
 * intervals differ from each other by at most the jitter, when it holds at least the threshold.
 * The spread (max − min) of the first k intervals only grows with k, so the run is the prefix
 * where it stays within the jitter.
 */
const ROBOTIC_MINING_SQL = `with recent as (
    select u.id as user_id, r.start_time, r.rn
    from users u
    cross join lateral (
      select ms.start_time, row_number() over (order by ms.start_time desc) as rn
      from mining_sessions ms where ms.user_id = u.id
      order by ms.start_time desc limit ${ROBOTIC_LOOKBACK}) r
    where u.erased_at is null),
  gaps as (
    select user_id, rn, extract(epoch from start_time - lead(start_time) over (
        partition by user_id order by rn)) as gap
    from recent),
  spreads as (
    select user_id, rn,
      max(gap) over (partition by user_id order by rn rows unbounded preceding)
        - min(gap) over (partition by user_id order by rn rows unbounded preceding) as spread
    from gaps where gap is not null)
  select user_id, (max(rn) + 1)::int as n from spreads where spread <= $1::numeric
  group by user_id having max(rn) + 1 >= $2::int`;

/**
 * serial_tasks (« tâches en série », issue 38): accounts that share a device, or a network
 * (the same keyed hashes as above), and completed the same task — a farm working through the
 * tasks hub. For each task and shared device or network, the accounts that completed it; when
 * at least the threshold, each gets the largest such group it belongs to.
 */
const SERIAL_TASKS_SQL = `with done as (
    select p.user_id, p.task_id from task_progress p join users u on u.id = p.user_id
    where p.completed_at is not null and u.erased_at is null),
  links as (
    select distinct d.user_id, d.task_id, 'd:' || s.device as place
    from done d join account_signals s on s.user_id = d.user_id where s.device is not null
    union
    select distinct d.user_id, d.task_id, 'n:' || s.network
    from done d join account_signals s on s.user_id = d.user_id),
  groups as (
    select task_id, place, count(*)::int as n from links
    group by task_id, place having count(*) >= $1::int)
  select l.user_id, max(g.n)::int as n from links l join groups g using (task_id, place)
  group by l.user_id`;

/** Every signal's hits, one statement each, in the order of the reason codes. */
export async function findSignals(
  db: Db,
  settings: RiskSettings,
  now: Date,
): Promise<Record<RiskReasonCode, SignalHit[]>> {
  const idleBefore = new Date(now.getTime() - settings.idleAfterDays * 86_400_000);
  return {
    shared_network: await driverQuery<SignalHit>(db, SHARED_NETWORK_SQL, [
      settings.networkWindowHours,
      settings.networkAccounts,
    ]),
    shared_device: await driverQuery<SignalHit>(db, SHARED_DEVICE_SQL, [settings.deviceAccounts]),
    referral_burst: await driverQuery<SignalHit>(db, REFERRAL_BURST_SQL, [
      settings.burstWindowMinutes,
      settings.burstReferees,
    ]),
    idle_referees: await driverQuery<SignalHit>(db, IDLE_REFEREES_SQL, [
      idleBefore.toISOString(),
      settings.idleReferees,
      settings.idleSharePercent,
    ]),
    kyc_duplicate: await driverQuery<SignalHit>(db, KYC_DUPLICATE_SQL, []),
    shared_wallet: await driverQuery<SignalHit>(db, SHARED_WALLET_SQL, []),
    robotic_mining: await driverQuery<SignalHit>(db, ROBOTIC_MINING_SQL, [
      settings.roboticJitterSeconds,
      settings.roboticStarts,
    ]),
    serial_tasks: await driverQuery<SignalHit>(db, SERIAL_TASKS_SQL, [settings.serialTaskAccounts]),
  };
}

const ACCOUNTS_SQL = "select count(*)::int as n from users where erased_at is null";

/** How many accounts a run looked at. */
export async function countAccounts(db: Db) {
  const [row] = await driverQuery<{ n: number }>(db, ACCOUNTS_SQL, []);
  return row?.n ?? 0;
}

/**
 * The other accounts that share a signal with one (the cluster an admin reviews), each with the
 * signals it shares; the most shared first, at most `limit`. Each branch starts from the account's
 * own rows and reaches the others by an index (network and instant, device, document hash, wallet
 * address or hash, referrer). A referral burst is read from the nightly verdict: both accounts
 * carry it and one referred the other or both have one referrer.
 */
const CLUSTER_SQL = `with my_sign_ups as (
    select network, created_at from account_signals where user_id = $1 and kind = 'sign-up'),
  my_devices as (
    select distinct device from account_signals where user_id = $1 and device is not null),
  my_wallets as (
    select ${walletHash("wallet_address")} as wallet from withdrawals where user_id = $1
    union select ${walletHash("address")} from ton_wallets where user_id = $1),
  links as (
    select s.user_id, 'shared_network' as code from my_sign_ups m
    join account_signals s on s.network = m.network and s.kind = 'sign-up'
      and s.created_at >= m.created_at - make_interval(hours => $2::int)
      and s.created_at <= m.created_at + make_interval(hours => $2::int)
    union all
    select s.user_id, 'shared_device' from my_devices d join account_signals s on s.device = d.device
    union all
    select other.user_id, 'kyc_duplicate' from kyc_requests mine
    join kyc_requests other on other.document_number_hash = mine.document_number_hash
    where mine.user_id = $1 and mine.document_number_hash is not null
    union all
    select w.user_id, 'shared_wallet' from my_wallets m
    join withdrawals w on w.wallet_address in ('0:' || m.wallet, '-1:' || m.wallet)
    where m.wallet <> ''
    union all
    select t.user_id, 'shared_wallet' from my_wallets m
    join ton_wallets t on split_part(t.address, ':', 2) = m.wallet
    where m.wallet <> ''
    union all
    select f.id, 'referral_burst' from users me
    join users f on f.referred_by = me.id or f.id = me.referred_by
      or (me.referred_by is not null and f.referred_by = me.referred_by)
    join user_risk fr on fr.user_id = f.id and fr.reasons @> '[{"code":"referral_burst"}]'
    where me.id = $1 and exists (select 1 from user_risk mr where mr.user_id = me.id
      and mr.reasons @> '[{"code":"referral_burst"}]')),
  shared as (
    select user_id, array_agg(distinct code order by code) as codes from links
    where user_id <> $1 group by user_id)
  select s.user_id as id, u.nickname, u.suspended_at is not null as suspended,
    coalesce(r.level, 'low') as level, s.codes
  from shared s
  join users u on u.id = s.user_id and u.erased_at is null
  left join user_risk r on r.user_id = s.user_id
  order by cardinality(s.codes) desc, coalesce(r.score, 0) desc, s.user_id
  limit $3::int`;

export interface ClusterRow {
  id: string;
  nickname: string;
  suspended: boolean;
  level: "low" | "medium" | "high";
  codes: string[];
}

export async function findCluster(
  db: Db,
  userId: string,
  networkWindowHours: number,
  limit: number,
) {
  return driverQuery<ClusterRow>(db, CLUSTER_SQL, [userId, networkWindowHours, limit]);
}
