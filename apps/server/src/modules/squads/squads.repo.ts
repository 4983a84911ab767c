import { type Db, driverQuery, type Tx } from "../../db/client.ts";

/**
 * The squads' SQL (decision 0072). A squad's FRE of a week is what its members mined while they
 * were members: each membership's `mining` ledger entries inside [joined, left) ∩ the week, read
 * like the leagues read theirs (`ledger_entries_mined_idx`).
 */

type Executor = Db | Tx;

export interface SquadRow {
  id: string;
  name: string;
  telegram_url: string | null;
  creator_id: string | null;
  created_at: Date | string;
  hidden_at: Date | string | null;
  disbanded_at: Date | string | null;
}

const SQUAD_COLUMNS = "id, name, telegram_url, creator_id, created_at, hidden_at, disbanded_at";

/** A squad not disbanded (null: none, or disbanded). */
export async function findSquad(db: Executor, id: string) {
  const [row] = await driverQuery<SquadRow>(
    db,
    `select ${SQUAD_COLUMNS} from squads where id = $1 and disbanded_at is null`,
    [id],
  );
  return row ?? null;
}

/**
 * The squad's row held until the transaction ends: `share` for a join (a disband waits for it,
 * and a join waits for a disband), `update` for an admin's change.
 */
export async function lockSquad(tx: Tx, id: string, mode: "share" | "update") {
  const [row] = await driverQuery<SquadRow>(
    tx,
    `select ${SQUAD_COLUMNS} from squads where id = $1 and disbanded_at is null for ${mode}`,
    [id],
  );
  return row ?? null;
}

/** Whether a live squad already has this name, in any case. */
export async function nameTaken(db: Executor, name: string, exceptId: string | null) {
  const rows = await driverQuery<{ id: string }>(
    db,
    `select id from squads where lower(name) = lower($1) and disbanded_at is null
       and ($2::text is null or id <> $2) limit 1`,
    [name, exceptId],
  );
  return rows.length > 0;
}

export async function insertSquad(
  tx: Tx,
  s: { id: string; name: string; telegramUrl: string | null; creatorId: string; at: Date },
) {
  await driverQuery(
    tx,
    `insert into squads (id, name, telegram_url, creator_id, created_at)
     values ($1, $2, $3, $4, $5::timestamptz)`,
    [s.id, s.name, s.telegramUrl, s.creatorId, s.at.toISOString()],
  );
}

export async function insertMembership(
  tx: Tx,
  m: { id: string; squadId: string; userId: string; at: Date },
) {
  await driverQuery(
    tx,
    `insert into squad_memberships (id, squad_id, user_id, joined_at)
     values ($1, $2, $3, $4::timestamptz)`,
    [m.id, m.squadId, m.userId, m.at.toISOString()],
  );
}

export interface ViewerRow {
  level: number;
  squad_id: string | null;
  last_left_at: Date | string | null;
  last_left_squad: string | null;
}

/**
 * What decides the caller's moves: their level, their open membership, and their last departure
 * of their own (a disband starts no wait).
 */
export async function viewerFacts(db: Executor, userId: string) {
  const [row] = await driverQuery<ViewerRow>(
    db,
    `select u.level,
       (select m.squad_id from squad_memberships m
        where m.user_id = u.id and m.left_at is null) as squad_id,
       l.left_at as last_left_at, l.squad_id as last_left_squad
     from users u
     left join lateral (select m.left_at, m.squad_id from squad_memberships m
       where m.user_id = u.id and m.left_reason = 'left'
       order by m.left_at desc limit 1) l on true
     where u.id = $1`,
    [userId],
  );
  return row ?? null;
}

/** Ends the user's open membership; answers its squad (null: they were in none). */
export async function endMembership(tx: Tx, userId: string, at: Date) {
  const [row] = await driverQuery<{ squad_id: string }>(
    tx,
    `update squad_memberships set left_at = $2::timestamptz, left_reason = 'left'
     where user_id = $1 and left_at is null returning squad_id`,
    [userId, at.toISOString()],
  );
  return row?.squad_id ?? null;
}

/** Disbands: the squad and every open membership end at `at`. */
export async function disbandSquad(tx: Tx, id: string, at: Date) {
  await driverQuery(
    tx,
    `update squad_memberships set left_at = $2::timestamptz, left_reason = 'disbanded'
     where squad_id = $1 and left_at is null`,
    [id, at.toISOString()],
  );
  await driverQuery(tx, "update squads set disbanded_at = $2::timestamptz where id = $1", [
    id,
    at.toISOString(),
  ]);
}

export async function renameSquad(tx: Tx, id: string, name: string) {
  await driverQuery(tx, "update squads set name = $2 where id = $1", [id, name]);
}

export async function setHidden(tx: Tx, id: string, at: Date | null) {
  await driverQuery(tx, "update squads set hidden_at = $2::timestamptz where id = $1", [
    id,
    at?.toISOString() ?? null,
  ]);
}

/** Members now (erased accounts are not counted). */
export async function memberCount(db: Executor, squadId: string) {
  const [row] = await driverQuery<{ n: number }>(
    db,
    `select count(*)::int as n from squad_memberships m join users u on u.id = m.user_id
     where m.squad_id = $1 and m.left_at is null and u.erased_at is null`,
    [squadId],
  );
  return row?.n ?? 0;
}

/** One membership's mining entries inside its window ∩ [$start, $end). */
const WINDOW_MINED = `l.user_id = m.user_id and l.kind = 'mining'
    and l.created_at >= greatest(m.joined_at, $1::timestamptz)
    and l.created_at < least(coalesce(m.left_at, $2::timestamptz), $2::timestamptz)`;
const OVERLAPS =
  "m.joined_at < $2::timestamptz and (m.left_at is null or m.left_at > $1::timestamptz)";

export interface BoardRow {
  id: string;
  name: string;
  members: number;
  mined: string;
  rank: number;
}

// The week's board: every visible squad with a member or FRE this week, ranked by FRE, then the
// oldest first. Parameters: week start, week end, how many lines, the squad always answered.
const BOARD_SQL = `with mined as (
    select m.squad_id, sum(l.amount_nano) as mined
    from squad_memberships m join ledger_entries l on ${WINDOW_MINED}
    where ${OVERLAPS}
    group by m.squad_id
  ), counts as (
    select m.squad_id, count(*)::int as members
    from squad_memberships m join users u on u.id = m.user_id
    where m.left_at is null and u.erased_at is null
    group by m.squad_id
  ), board as (
    select s.id, s.name, coalesce(c.members, 0) as members, coalesce(x.mined, 0) as mined,
      row_number() over (order by coalesce(x.mined, 0) desc, s.created_at, s.id)::int as rank
    from squads s
    left join mined x on x.squad_id = s.id
    left join counts c on c.squad_id = s.id
    where s.disbanded_at is null and s.hidden_at is null
      and (c.members is not null or x.mined is not null)
  )
  select id, name, members, mined::text as mined, rank from board
  where rank <= $3 or id = $4
  order by rank`;

/** The board's top `limit` lines, plus `squadId`'s line wherever it ranks. */
export function readBoard(
  db: Executor,
  q: { startsAt: Date; endsAt: Date; limit: number; squadId: string | null },
) {
  return driverQuery<BoardRow>(db, BOARD_SQL, [
    q.startsAt.toISOString(),
    q.endsAt.toISOString(),
    q.limit,
    q.squadId,
  ]);
}

/** What one squad's members mined this week while members (hidden squads too). */
export async function squadMined(db: Executor, squadId: string, startsAt: Date, endsAt: Date) {
  const [row] = await driverQuery<{ mined: string }>(
    db,
    `select coalesce(sum(l.amount_nano), 0)::text as mined
     from squad_memberships m join ledger_entries l on ${WINDOW_MINED}
     where m.squad_id = $3 and ${OVERLAPS}`,
    [startsAt.toISOString(), endsAt.toISOString(), squadId],
  );
  return BigInt(row?.mined ?? "0");
}

export interface MemberRow {
  user_id: string;
  nickname: string;
  mined: string;
}

/** The members now, the best of the week first, each with what they mined here this week. */
export function readMembers(
  db: Executor,
  q: { squadId: string; startsAt: Date; endsAt: Date; limit: number },
) {
  return driverQuery<MemberRow>(
    db,
    `select m.user_id, u.nickname,
       coalesce((select sum(l.amount_nano) from ledger_entries l where ${WINDOW_MINED}), 0)::text
         as mined
     from squad_memberships m join users u on u.id = m.user_id
     where m.squad_id = $3 and m.left_at is null and u.erased_at is null
     order by coalesce((select sum(l.amount_nano) from ledger_entries l where ${WINDOW_MINED}), 0)
       desc, m.joined_at, m.user_id
     limit $4`,
    [q.startsAt.toISOString(), q.endsAt.toISOString(), q.squadId, q.limit],
  );
}

/** The creator's nickname and referral code (null when gone or erased). */
export async function creatorOf(db: Executor, creatorId: string | null) {
  if (!creatorId) return null;
  const [row] = await driverQuery<{ nickname: string; referral_code: string }>(
    db,
    "select nickname, referral_code from users where id = $1 and erased_at is null",
    [creatorId],
  );
  return row ?? null;
}

export interface AdminSquadRow extends SquadRow {
  members: number;
  creator: string | null;
}

/** The console's list: newest first, by a name's start (any case), disbanded ones included. */
export function listSquads(db: Executor, q: { prefix: string | null; id?: string; limit: number }) {
  return driverQuery<AdminSquadRow>(
    db,
    `select s.id, s.name, s.telegram_url, s.creator_id, s.created_at, s.hidden_at, s.disbanded_at,
       (select count(*)::int from squad_memberships m
        where m.squad_id = s.id and m.left_at is null) as members,
       (select u.nickname from users u where u.id = s.creator_id) as creator
     from squads s
     where ($1::text is null or lower(s.name) like lower($1) || '%')
       and ($3::text is null or s.id = $3)
     order by s.created_at desc, s.id limit $2`,
    [q.prefix ? q.prefix.replace(/[\\%_]/g, (c) => `\\${c}`) : null, q.limit, q.id ?? null],
  );
}
