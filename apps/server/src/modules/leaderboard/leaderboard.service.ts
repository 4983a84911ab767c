import { formatNano, type Leaderboard } from "@fre/shared";
import { asc, desc, sql } from "drizzle-orm";
import { type Database, type Db, driverQuery, preparedFor } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { batchLoader } from "../../lib/batch-loader.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";

/** How old the cached top of the board may be. */
export const TOP_CACHE_MS = 5_000;
/** How old the rank snapshot may be before a read refreshes it (in the background). */
export const RANK_SNAPSHOT_MS = 60_000;
const SNAPSHOT_BATCH = 20_000;

/**
 * The board's order: total mined descending, then the earlier account, then the id — the order of
 * `users_leaderboard_idx`. `micros` is created_at in microseconds (exact, unlike a JS Date).
 */
interface Entry {
  id: string;
  total: bigint;
  micros: number;
}

/** Is `a` ranked ahead of `b`? (JS id comparison only decides exact ties of total and time.) */
function ahead(a: Entry, b: Entry): boolean {
  if (a.total !== b.total) return a.total > b.total;
  if (a.micros !== b.micros) return a.micros < b.micros;
  return a.id < b.id;
}

/**
 * Everyone's position as of the last refresh, in two typed arrays (16 bytes a user): a rank is a
 * binary search, so its cost does not grow with the number of users. Ids are kept only for runs
 * of exact ties, where the order is the database's.
 */
interface RankSnapshot {
  totals: BigInt64Array;
  micros: Float64Array;
  tieIds: Map<number, string>;
  takenAt: number;
}

/** How many users of the snapshot are ahead of `me` (me excluded, whatever my old position). */
export function countAhead(snapshot: RankSnapshot, me: Entry): number {
  const { totals, micros, tieIds } = snapshot;
  let lo = 0;
  let hi = totals.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const total = totals[mid]!;
    const isAhead = total !== me.total ? total > me.total : micros[mid]! < me.micros;
    if (isAhead) lo = mid + 1;
    else hi = mid;
  }
  // lo: first entry not strictly ahead on (total, time); walk the run of exact ties, if any.
  let count = lo;
  for (let i = lo; i < totals.length && totals[i] === me.total && micros[i] === me.micros; i++) {
    const id = tieIds.get(i);
    if (id === me.id) return i;
    if (id !== undefined && id < me.id) count++;
  }
  return count;
}

/** created_at in whole microseconds, as text: the board's time key, exact in every reader. */
const MICROS = "(extract(epoch from created_at) * 1000000)::bigint::text";
const microsOf = sql<string>`${sql.raw(MICROS)}`;

const topStatement = preparedFor((db) =>
  db
    .select({
      id: users.id,
      nickname: users.nickname,
      total: users.totalMined,
      micros: microsOf,
    })
    .from(users)
    .orderBy(desc(users.totalMined), asc(users.createdAt), asc(users.id))
    .limit(11)
    .prepare("leaderboard_top"),
);

// The caller's own line, read live on every request: the reads of one event-loop turn share one
// statement (decision 0010), run straight on the driver (decision 0008).
const ME_SQL = `
  select id, nickname, total_mined as total, ${MICROS} as micros
  from users where id = any($1::text[])`;
type MeRow = { id: string; nickname: string; total: bigint | string; micros: string };
const meLoader = (db: Db) =>
  batchLoader<string, { nickname: string; total: bigint; micros: number }>(async (ids) => {
    const rows = await driverQuery<MeRow>(db, ME_SQL, [ids]);
    return new Map(
      rows.map((row) => [
        row.id,
        { nickname: row.nickname, total: BigInt(row.total), micros: Number(row.micros) },
      ]),
    );
  });

/**
 * Reads the whole board in index order through one cursor (one pass, whatever the size), in
 * batches, yielding to other requests between them.
 */
async function loadSnapshot(database: Database, now: number, batch: number): Promise<RankSnapshot> {
  const totals: bigint[] = [];
  const micros: number[] = [];
  const tieIds = new Map<number, string>();
  let previousId = "";
  const rows = database.batches<{ total: string; micros: string; id: string }>(
    `select total_mined::text as total, ${MICROS} as micros, id
     from users order by total_mined desc, created_at, id`,
    batch,
  );
  for await (const chunk of rows) {
    for (const row of chunk) {
      const i = totals.length;
      const total = BigInt(row.total);
      const time = Number(row.micros);
      if (i > 0 && totals[i - 1] === total && micros[i - 1] === time) {
        tieIds.set(i - 1, previousId);
        tieIds.set(i, row.id);
      }
      totals.push(total);
      micros.push(time);
      previousId = row.id;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return {
    totals: BigInt64Array.from(totals),
    micros: Float64Array.from(micros),
    tieIds,
    takenAt: now,
  };
}

/**
 * The leaderboard as a read model (decision 0008): the top is cached for 5 s, everyone's rank
 * comes from a snapshot refreshed every minute, and the caller's own total is read live, so a
 * claim shows at once in my rank and in the top 10 when it lifts me there.
 */
export function leaderboardService(deps: {
  database: Database;
  clock: Clock;
  snapshotBatch?: number;
}) {
  const db = deps.database.db;
  const readMe = meLoader(db);
  /** A board line, its amount formatted once (the top is shared by every reader for 5 s). */
  type Line = Entry & { nickname: string; totalMined: string };
  type Top = { rows: Line[]; at: number };
  let top: Top | null = null;
  let topLoading: Promise<Top> | null = null;
  let snapshot: RankSnapshot | null = null;
  let snapshotLoading: Promise<RankSnapshot> | null = null;

  function refreshSnapshot(): Promise<RankSnapshot> {
    snapshotLoading ??= loadSnapshot(
      deps.database,
      deps.clock.now().getTime(),
      deps.snapshotBatch ?? SNAPSHOT_BATCH,
    )
      .then((loaded) => {
        snapshot = loaded;
        return loaded;
      })
      .finally(() => {
        snapshotLoading = null;
      });
    return snapshotLoading;
  }

  /** The snapshot; a stale one is served while a fresh one loads (only the first read waits). */
  function ranks(now: number): Promise<RankSnapshot> {
    if (!snapshot) return refreshSnapshot();
    if (now - snapshot.takenAt >= RANK_SNAPSHOT_MS) void refreshSnapshot().catch(() => {});
    return Promise.resolve(snapshot);
  }

  function topRows(now: number): Promise<Top> {
    if (top && now - top.at < TOP_CACHE_MS) return Promise.resolve(top);
    topLoading ??= topStatement(db)
      .execute()
      .then((rows) => {
        const fresh: Top = {
          rows: rows.map((r) => ({
            ...r,
            micros: Number(r.micros),
            totalMined: formatNano(r.total),
          })),
          at: now,
        };
        top = fresh;
        return fresh;
      })
      .finally(() => {
        topLoading = null;
      });
    return topLoading;
  }

  async function get(userId: string): Promise<Leaderboard> {
    const now = deps.clock.now().getTime();
    const [row, board, snap] = await Promise.all([readMe(userId), topRows(now), ranks(now)]);
    if (!row) throw new AppError("UNAUTHORIZED", 401);
    const me: Line = { id: userId, ...row, totalMined: formatNano(row.total) };
    const others = board.rows.filter((r) => r.id !== userId);
    const place = others.findIndex((r) => !ahead(r, me));
    let shown: Line[];
    let rank: number;
    if (place >= 0 && place < 10) {
      shown = [...others.slice(0, place), me, ...others.slice(place)].slice(0, 10);
      rank = place + 1;
    } else if (place < 0 && others.length < 10) {
      shown = [...others, me];
      rank = others.length + 1;
    } else {
      // Not in the (fresh) top 10, so at least 11th, whatever an older snapshot says.
      shown = others.slice(0, 10);
      rank = Math.max(11, countAhead(snap, me) + 1);
    }
    return {
      top: shown.map((entry, index) => ({
        rank: index + 1,
        nickname: entry.nickname,
        totalMined: entry.totalMined,
      })),
      me: { rank, totalMined: me.totalMined },
    };
  }

  return {
    get,
    /** Loads the rank snapshot now (boot warm-up, tests). */
    refresh: refreshSnapshot,
  };
}

export type LeaderboardService = ReturnType<typeof leaderboardService>;
