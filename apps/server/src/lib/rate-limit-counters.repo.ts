import { sql } from "drizzle-orm";
import { type Db, driverQuery } from "../db/client.ts";

/*
 * One statement counts every check asked for in one turn of the event loop: each key once, with
 * how many checks it got (`n`). A new key starts at n; a live window counts n more; an ended
 * window starts again at n. `now()` is the database's, the same for every process. Rows are
 * locked in key order (no two statements deadlock) and updated in place (no indexed column
 * changes, fillfactor 70: a HOT update).
 */
const INCR_SQL = `insert into rate_limit_counters as c (key, hits, reset_at)
select key, n, now() + make_interval(secs => ms / 1000)
from unnest($1::text[], $2::int[], $3::float8[]) as a(key, n, ms)
order by key
on conflict (key) do update set
  hits = case when c.reset_at > now() then c.hits + excluded.hits else excluded.hits end,
  reset_at = case when c.reset_at > now() then c.reset_at else excluded.reset_at end
returning key, hits, ceil(extract(epoch from reset_at - now()) * 1000)::int as ttl`;

/* Ended windows, a batch at a time; rows another process is updating are left for next time. */
const SWEEP_SQL = `delete from rate_limit_counters where key in (
  select key from rate_limit_counters where reset_at <= now()
  limit 10000 for update skip locked)`;
const SWEEP_STATEMENT = sql.raw(SWEEP_SQL);

/** Counts `n[i]` checks of `keys[i]` (window `ms[i]`), in one statement. */
export function countChecks(db: Db, keys: string[], n: number[], ms: number[]) {
  return driverQuery<{ key: string; hits: number; ttl: number }>(db, INCR_SQL, [keys, n, ms]);
}

/** Deletes a batch of ended windows. */
export function sweepEndedWindows(db: Db) {
  return db.execute(SWEEP_STATEMENT);
}
