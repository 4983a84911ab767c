import {
  type AdminLeagues,
  type FriendsBoard,
  formatNano,
  LEAGUE_GROUP_SIZE,
  LEAGUE_NAMES,
  type LeagueCurrent,
  type LeagueHistory,
  type LeagueName,
  type LeagueSettings,
  leagueSettingsSchema,
} from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, auditedSetting } from "../audit/index.ts";
import { credit, lockUser } from "../ledger/ledger.ts";
import {
  type BoardRow,
  ensureWeek,
  groupUnsettled,
  insertMember,
  lastGroup,
  leagueCounts,
  leagueTop,
  lockGroupSettlement,
  lockLeagueOfWeek,
  markWeekSettled,
  minedBetween,
  readCircle,
  readGroup,
  readHistory,
  readMember,
  readMyGroup,
  unplacedMiners,
  unsettledGroups,
  unsettledWeeks,
  writeStandings,
} from "./leagues.repo.ts";
import {
  DEFAULT_LEAGUE_SETTINGS,
  type GroupLine,
  leagueAfter,
  leagueForMined,
  rewardFor,
  standings,
  zoneCounts,
} from "./leagues.rules.ts";
import { type IsoWeek, isoWeekOf, previousWeek } from "./leagues.week.ts";

export interface LeaguesDeps {
  db: Db;
  clock: Clock;
  events: Pick<DomainEvents, "notify">;
  /** The settings this app serves (one per app: made in the composition root, so per test). */
  settings: LeagueSettingsCache;
}

/** What the league functions that read settings need. */
type SettingsDeps = Pick<LeaguesDeps, "db" | "clock" | "settings">;

/** How long a process serves the settings it read (an admin's change shows within this). */
const SETTINGS_CACHE_MS = 30_000;
/** Referrals shown on the friends' board at most (the most productive first). */
const FRIENDS_MAX = 200;
/** Past weeks the history shows. */
const HISTORY_WEEKS = 26;

/** The stored settings, or the defaults (a stored value that no longer parses: the defaults). */
const storedSettings = auditedSetting({
  key: "league_settings",
  schema: leagueSettingsSchema,
  defaults: () => DEFAULT_LEAGUE_SETTINGS,
  action: "leagues.settings",
});
const loadSettings = (db: Db | Tx) => storedSettings.load(db);

export interface LeagueSettingsCache {
  /** The settings read at most SETTINGS_CACHE_MS ago, or read now (always when `fresh`). */
  read(db: Db, now: number, fresh?: boolean): Promise<LeagueSettings>;
  /** Forgets what was read (after a save, the next read is the saved value). */
  clear(): void;
}

/** One app's league settings cache. */
export function leagueSettingsCache(ttlMs = SETTINGS_CACHE_MS): LeagueSettingsCache {
  let cached: { settings: LeagueSettings; at: number } | null = null;
  return {
    async read(db, now, fresh = false) {
      if (!fresh && cached && now >= cached.at && now - cached.at < ttlMs) return cached.settings;
      const settings = await loadSettings(db);
      cached = { settings, at: now };
      return settings;
    },
    clear() {
      cached = null;
    },
  };
}

const leagueSettings = (deps: SettingsDeps, fresh = false) =>
  deps.settings.read(deps.db, deps.clock.now().getTime(), fresh);

const linesOf = (rows: BoardRow[]): GroupLine[] =>
  rows.map((r) => ({
    userId: r.user_id,
    nickname: r.nickname,
    minedNano: BigInt(r.mined),
    joinedMs: Number(r.joined_ms),
  }));

/**
 * The league a user enters this week: last week's league moved by its outcome when they were in
 * one (computed from last week's frozen group when the week-end job has not run yet), else the
 * league their FRE mined last week reaches.
 */
async function entryLeague(
  tx: Tx,
  userId: string,
  week: IsoWeek,
  settings: LeagueSettings,
): Promise<LeagueName> {
  const last = previousWeek(week);
  const before = await readMember(tx, last.week, userId);
  if (before) {
    if (before.outcome) return leagueAfter(before.league, before.outcome);
    const rows = await readGroup(tx, { ...last, league: before.league, groupNo: before.group_no });
    const mine = standings(linesOf(rows), before.league, settings).find((s) => s.userId === userId);
    return leagueAfter(before.league, mine?.outcome ?? "stayed");
  }
  return leagueForMined(await minedBetween(tx, userId, last.startsAt, last.endsAt), settings);
}

/**
 * Places the user in this week's league, in the league's last group while it has room, else in a
 * new one. The user's row is locked first (two placements of one user: one row), then the
 * league's placement lock (two users at once: never a group of 51). Answers false for an erased
 * or unknown user.
 */
export async function placeUser(
  deps: SettingsDeps,
  userId: string,
  week: IsoWeek,
): Promise<boolean> {
  const settings = await leagueSettings(deps);
  return deps.db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) return false;
    // A week that has ended keeps its groups as they were (its standings are being settled).
    if (deps.clock.now() >= week.endsAt) return true;
    if (await readMember(tx, week.week, userId)) return true;
    const league = await entryLeague(tx, userId, week, settings);
    await ensureWeek(tx, week);
    await lockLeagueOfWeek(tx, week.week, league);
    const last = await lastGroup(tx, week.week, league);
    const groupNo = !last ? 1 : last.size >= LEAGUE_GROUP_SIZE ? last.group_no + 1 : last.group_no;
    await insertMember(tx, { week: week.week, userId, league, groupNo, at: deps.clock.now() });
    return true;
  });
}

/** `GET /api/leagues/current`: my group's live board; places me first if I am not placed. */
export async function currentLeague(
  deps: SettingsDeps,
  userId: string,
  retried = false,
): Promise<LeagueCurrent> {
  const now = deps.clock.now();
  const week = isoWeekOf(now);
  const query = { ...week, userId };
  const [settings, first] = await Promise.all([leagueSettings(deps), readMyGroup(deps.db, query)]);
  let rows = first;
  if (rows.length === 0) {
    if (!(await placeUser(deps, userId, week))) throw new AppError("UNAUTHORIZED", 401);
    rows = await readMyGroup(deps.db, query);
  }
  const head = rows[0];
  // The week ended between the read and the placement: this week's board, once.
  if (!head && deps.clock.now() >= week.endsAt && !retried) {
    return currentLeague(deps, userId, true);
  }
  if (!head) throw new AppError("UNAUTHORIZED", 401);
  const league = head.league;
  const board = standings(linesOf(rows), league, settings);
  const zones = zoneCounts(league, board.length);
  return {
    week: week.week,
    startsAt: week.startsAt.toISOString(),
    endsAt: week.endsAt.toISOString(),
    msLeft: Math.max(0, week.endsAt.getTime() - now.getTime()),
    league,
    group: head.group_no,
    promoteCount: zones.promote,
    demoteCount: zones.demote,
    prizes: [1, 2, 3].map((rank) => formatNano(rewardFor(league, rank, settings))),
    members: board.map((s) => ({
      rank: s.rank,
      nickname: s.nickname,
      mined: formatNano(s.minedNano),
      me: s.userId === userId,
      zone: s.zone,
    })),
  };
}

/** `GET /api/leagues/history`: my past weeks, newest first. */
export async function leagueHistory(
  deps: Pick<LeaguesDeps, "db" | "clock">,
  userId: string,
): Promise<LeagueHistory> {
  const week = isoWeekOf(deps.clock.now());
  const rows = await readHistory(deps.db, userId, week.week, HISTORY_WEEKS);
  return {
    weeks: rows.map((r) => ({
      week: r.week,
      league: r.league,
      rank: r.final_rank,
      groupSize: r.group_size,
      mined: r.mined_nano === null ? null : formatNano(BigInt(r.mined_nano)),
      reward: r.reward_nano === null ? null : formatNano(BigInt(r.reward_nano)),
      outcome: r.outcome,
    })),
  };
}

/** `GET /api/leaderboard/friends`: my circle only, ranked this week and all time. */
export async function friendsBoard(
  deps: Pick<LeaguesDeps, "db" | "clock">,
  userId: string,
): Promise<FriendsBoard> {
  const week = isoWeekOf(deps.clock.now());
  const rows = await readCircle(deps.db, { userId, ...week, limit: FRIENDS_MAX });
  if (!rows.some((r) => r.relation === "me")) throw new AppError("UNAUTHORIZED", 401);
  const lines = rows.map((r) => ({
    id: r.user_id,
    nickname: r.nickname,
    relation: r.relation,
    week: BigInt(r.mined),
    total: BigInt(r.total),
  }));
  const rankBy = (key: "week" | "total") => {
    const ordered = [...lines].sort((a, b) =>
      a[key] !== b[key] ? (a[key] > b[key] ? -1 : 1) : a.id < b.id ? -1 : 1,
    );
    return new Map(ordered.map((line, index) => [line.id, index + 1]));
  };
  const weekRanks = rankBy("week");
  const totalRanks = rankBy("total");
  return {
    week: week.week,
    members: lines
      .map((line) => ({
        nickname: line.nickname,
        relation: line.relation,
        weekMined: formatNano(line.week),
        totalMined: formatNano(line.total),
        weekRank: weekRanks.get(line.id) ?? 0,
        allTimeRank: totalRanks.get(line.id) ?? 0,
      }))
      .sort((a, b) => a.weekRank - b.weekRank),
  };
}

/**
 * Settles one group of a past week, exactly once: under the group's settlement lock, the final
 * standings are written only for rows not settled yet, then each reward is paid (the user's row
 * locked first; `league:<week>:<userId>` is unique, so no second payment) and every member is
 * told where they ended — all in one transaction. Answers how many rewards it paid.
 */
async function settleGroup(
  deps: LeaguesDeps,
  week: IsoWeek,
  league: LeagueName,
  groupNo: number,
  settings: LeagueSettings,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await lockGroupSettlement(tx, week.week, league, groupNo);
    if (!(await groupUnsettled(tx, week.week, league, groupNo))) return 0;
    const board = standings(
      linesOf(await readGroup(tx, { ...week, league, groupNo })),
      league,
      settings,
    );
    const written = new Set((await writeStandings(tx, week.week, board)).map((row) => row.user_id));
    const at = deps.clock.now();
    let paid = 0;
    // Users locked in id order: two settlements never wait on each other's users.
    const rewarded = board
      .filter((s) => s.rewardNano > 0n && written.has(s.userId))
      .sort((a, b) => (a.userId < b.userId ? -1 : 1));
    for (const s of rewarded) {
      if (!(await lockUser(tx, s.userId))) continue;
      const moved = await credit(tx, {
        userId: s.userId,
        kind: "league_reward",
        amountNano: s.rewardNano,
        reference: `league:${week.week}:${s.userId}`,
        at,
      });
      if (moved) paid += 1;
    }
    for (const s of board) {
      if (!written.has(s.userId)) continue;
      await deps.events.notify(
        s.userId,
        "league_result",
        {
          week: week.week,
          league,
          rank: s.rank,
          size: board.length,
          outcome: s.outcome,
          next: leagueAfter(league, s.outcome),
          amount: formatNano(s.rewardNano),
          rewarded: s.rewardNano > 0n ? "yes" : "no",
        },
        { tx },
      );
    }
    return paid;
  });
}

/** Settles every past week not settled yet (the week-end job); safe to run twice at once. */
export async function settleWeeks(deps: LeaguesDeps) {
  const now = deps.clock.now();
  const settings = await leagueSettings(deps, true);
  let rewards = 0;
  for (const row of await unsettledWeeks(deps.db, now)) {
    const week: IsoWeek = {
      week: row.week,
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
    };
    for (const group of await unsettledGroups(deps.db, week.week)) {
      rewards += await settleGroup(deps, week, group.league, group.group_no, settings);
    }
    await markWeekSettled(deps.db, week.week, deps.clock.now());
  }
  return { rewards };
}

/** Places this week's miners who have not opened the leagues yet (the placement job). */
/**
 * Where each process's placement scan starts again: the start of its last complete scan, less a
 * margin for claims committed late. A process's first scan reads the whole week once; later ones
 * only the last minutes' entries, not the whole week's at every run.
 */
const scannedFrom = new WeakMap<Db, Date>();
const SCAN_MARGIN_MS = 5 * 60_000;

export async function placeActiveMiners(deps: SettingsDeps, batch = 500) {
  const now = deps.clock.now();
  const week = isoWeekOf(now);
  const last = scannedFrom.get(deps.db);
  const from =
    last && last > week.startsAt && last <= now
      ? new Date(Math.max(week.startsAt.getTime(), last.getTime() - SCAN_MARGIN_MS))
      : week.startsAt;
  const found = await unplacedMiners(
    deps.db,
    { week: week.week, from, endsAt: week.endsAt },
    batch,
  );
  let placed = 0;
  for (const { user_id } of found) {
    if (await placeUser(deps, user_id, week)) placed += 1;
  }
  // A full batch may have left more: the next run scans the same window again.
  if (found.length < batch) scannedFrom.set(deps.db, now);
  return { placed };
}

/** The week-end job's run: past weeks first, then this week's new miners. */
export async function runLeagueJob(deps: LeaguesDeps) {
  const settled = await settleWeeks(deps);
  const placed = await placeActiveMiners(deps);
  return { ...settled, ...placed };
}

/** `GET /api/admin/leagues`: this week's leagues for the console. */
export async function adminLeagues(deps: Pick<LeaguesDeps, "db" | "clock">): Promise<AdminLeagues> {
  const now = deps.clock.now();
  const week = isoWeekOf(now);
  const counts = new Map((await leagueCounts(deps.db, week.week)).map((c) => [c.league, c]));
  const leagues = await Promise.all(
    LEAGUE_NAMES.map(async (league) => {
      const count = counts.get(league);
      const top = count ? await leagueTop(deps.db, { ...week, league, limit: 3 }) : [];
      return {
        league,
        groups: count?.groups ?? 0,
        members: count?.members ?? 0,
        top: top.map((t) => ({
          nickname: t.nickname,
          group: t.group_no,
          mined: formatNano(BigInt(t.mined)),
        })),
      };
    }),
  );
  return {
    week: week.week,
    endsAt: week.endsAt.toISOString(),
    leagues,
    unsettledWeeks: (await unsettledWeeks(deps.db, now)).map((w) => w.week),
  };
}

export const getLeagueSettings = (deps: SettingsDeps) => leagueSettings(deps, true);

/** Saves the settings; the change and its audit line commit together. */
export async function setLeagueSettings(
  deps: SettingsDeps,
  actor: AuditActor,
  settings: LeagueSettings,
): Promise<LeagueSettings> {
  const saved = await storedSettings.save(deps.db, actor, settings, deps.clock.now());
  deps.settings.clear();
  return saved;
}
