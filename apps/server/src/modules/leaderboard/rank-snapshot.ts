/**
 * The board's order: total mined descending, then the earlier account, then the id — the order of
 * `users_leaderboard_idx`. `micros` is created_at in microseconds (exact, unlike a JS Date).
 */
export interface Entry {
  id: string;
  total: bigint;
  micros: number;
}

/** Is `a` ranked ahead of `b`? (JS id comparison only decides exact ties of total and time.) */
export function ahead(a: Entry, b: Entry): boolean {
  if (a.total !== b.total) return a.total > b.total;
  if (a.micros !== b.micros) return a.micros < b.micros;
  return a.id < b.id;
}

/**
 * Everyone's position as of the last refresh, in two typed arrays (16 bytes a user): a rank is a
 * binary search, so its cost does not grow with the number of users. Ids are kept only for runs
 * of exact ties, where the order is the database's.
 */
export interface RankSnapshot {
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

/**
 * Builds a snapshot from the board's rows given in board order (in as many chunks as the reader
 * likes): an exact tie with the previous row keeps both ids.
 */
export function rankSnapshotBuilder() {
  const totals: bigint[] = [];
  const micros: number[] = [];
  const tieIds = new Map<number, string>();
  let previousId = "";
  return {
    add(id: string, total: bigint, time: number) {
      const i = totals.length;
      if (i > 0 && totals[i - 1] === total && micros[i - 1] === time) {
        tieIds.set(i - 1, previousId);
        tieIds.set(i, id);
      }
      totals.push(total);
      micros.push(time);
      previousId = id;
    },
    build(takenAt: number): RankSnapshot {
      return {
        totals: BigInt64Array.from(totals),
        micros: Float64Array.from(micros),
        tieIds,
        takenAt,
      };
    },
  };
}
