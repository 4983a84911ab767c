import type { Db, Tx } from "./client.ts";

/**
 * Transactions asked for in one turn of the event loop, run as one (decision 0047). Under load a
 * start or a claim spends most of its time on round trips — `BEGIN`, the locks and facts, the
 * writes, `COMMIT`, each a socket write and a wait — not on work. Works of one turn share one
 * transaction: their statements are pipelined on its connection (each work's still run in its
 * order, each seeing what the previous one locked), so a group of n pays the round trips and the
 * commit of one.
 *
 * What keeps it exact:
 * - **One work per key in flight.** Two works of one key (a user's double click) would hold the
 *   same row locks in one transaction and both pass them: a work whose key is in a group forming
 *   or in flight waits for the next group.
 * - **All or nothing, then each on its own.** A group commits only when every work succeeded.
 *   When one fails (a refusal, a unique violation, a deadlock), the group rolls back — nothing of
 *   it was written — and every work runs again in a transaction of its own, exactly as without
 *   groups: each gets the answer it would have had alone.
 * - **No other effect.** A work writes only through its `tx` (effects go to the outbox in it):
 *   running it twice after a rollback changes nothing outside the database.
 */
export interface TransactionGroups {
  /** Runs `work` in a transaction shared with the other works of this turn (none of its key). */
  run<T>(key: string, work: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface TransactionGroupOptions {
  /** Works in one transaction at most (default 32; 1: each alone, as `db.transaction`). */
  maxSize?: number;
  /** Group transactions at once (default 2): works asked for meanwhile form the next group. */
  maxInFlight?: number;
  /**
   * A group ended (its size only: no personal data): committed, or rolled back and its works run
   * again one by one (retried). A work alone (a group of one) is not reported.
   */
  onGroup?: (size: number, outcome: "committed" | "retried") => void;
}

interface Work {
  key: string;
  run: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Thrown inside a group's transaction to roll it back when one of its works failed. */
class GroupFailed extends Error {}

export function transactionGroups(db: Db, options: TransactionGroupOptions = {}) {
  const maxSize = Math.max(1, options.maxSize ?? 32);
  const maxInFlight = Math.max(1, options.maxInFlight ?? 2);
  const waiting: Work[] = [];
  /** Keys of the works in the groups in flight. */
  const busy = new Set<string>();
  let inFlight = 0;
  let scheduled = false;

  const alone = (work: Work) => db.transaction(work.run).then(work.resolve, work.reject);

  async function runGroup(group: Work[]) {
    if (group.length === 1) return alone(group[0]!);
    let results: unknown[];
    try {
      results = await db.transaction(async (tx) => {
        const settled = await Promise.allSettled(group.map((work) => work.run(tx)));
        if (settled.some((s) => s.status === "rejected")) throw new GroupFailed();
        return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value);
      });
    } catch {
      // Rolled back (a work failed, or the commit did): each again, on its own.
      options.onGroup?.(group.length, "retried");
      await Promise.all(group.map(alone));
      return;
    }
    options.onGroup?.(group.length, "committed");
    for (const [i, work] of group.entries()) work.resolve(results[i]);
  }

  function flush() {
    scheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const group: Work[] = [];
      const keys = new Set<string>();
      for (let i = 0; i < waiting.length && group.length < maxSize; ) {
        const work = waiting[i]!;
        if (busy.has(work.key) || keys.has(work.key)) {
          i += 1;
          continue;
        }
        keys.add(work.key);
        group.push(work);
        waiting.splice(i, 1);
      }
      if (group.length === 0) return;
      // In key order: the works' first statements (their row locks) are sent in that order.
      group.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      for (const key of keys) busy.add(key);
      inFlight += 1;
      void runGroup(group).finally(() => {
        inFlight -= 1;
        for (const key of keys) busy.delete(key);
        if (waiting.length > 0) schedule();
      });
    }
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // After the poll phase: every request read from the sockets in this turn has asked.
    setImmediate(flush);
  }

  return {
    run<T>(key: string, work: (tx: Tx) => Promise<T>) {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ key, run: work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
  } satisfies TransactionGroups;
}
