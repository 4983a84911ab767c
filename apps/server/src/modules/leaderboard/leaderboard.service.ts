import { formatNano, type Leaderboard } from "@fre/shared";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { ownLineLoader, readBoardInOrder, readTop } from "./leaderboard.repo.ts";
import {
  ahead,
  countAhead,
  type Entry,
  type RankSnapshot,
  rankSnapshotBuilder,
} from "./rank-snapshot.ts";

/** How old the cached top of the board may be. */
export const TOP_CACHE_MS = 5_000;
/** How old the rank snapshot may be before a read refreshes it (in the background). */
export const RANK_SNAPSHOT_MS = 60_000;
const SNAPSHOT_BATCH = 20_000;

/** Reads the whole board into a snapshot, yielding to other requests between batches. */
async function loadSnapshot(database: Database, now: number, batch: number): Promise<RankSnapshot> {
  const snapshot = rankSnapshotBuilder();
  for await (const chunk of readBoardInOrder(database, batch)) {
    for (const row of chunk) snapshot.add(row.id, BigInt(row.total), Number(row.micros));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return snapshot.build(now);
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
  const readMe = ownLineLoader(db);
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
    topLoading ??= readTop(db)
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
