import { type Database, driverQuery } from "../db/client.ts";
import type { GaugeSpec } from "./metrics.ts";

/**
 * PostgreSQL pool saturation: each process's pool size (summed over a group: N × DATABASE_POOL_MAX)
 * and the app's connections busy in a query or a transaction, counted by PostgreSQL for the whole
 * database (every worker reads the same figure: a group reports it once). The scrape's own query
 * is one of them. The embedded database has no pool: nothing to report.
 */
const BUSY_SQL = `select count(*)::int as "busy" from pg_stat_activity
  where datname = current_database() and application_name = 'fre' and state <> 'idle'`;

export function poolGauges(database: Database, poolMax: number): GaugeSpec[] {
  if (database.kind !== "postgres") return [];
  return [
    {
      name: "fre_db_pool_max",
      help: "PostgreSQL connections the pool of each server process may open (DATABASE_POOL_MAX)",
      aggregate: "sum",
      read: async () => poolMax,
    },
    {
      name: "fre_db_connections_busy",
      help: "The app's PostgreSQL connections running a query or in a transaction (database-wide)",
      aggregate: "max",
      read: async () => (await driverQuery<{ busy: number }>(database.db, BUSY_SQL, []))[0]!.busy,
    },
  ];
}
