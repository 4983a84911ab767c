import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { secureAuditLog } from "./audit-owner.ts";
import { lockEmbeddedDatabase } from "./embedded-lock.ts";
import {
  DEFAULT_MIGRATION_LOCK_POLICY,
  type MigrationLockPolicy,
  withMigrationLockBound,
} from "./migration-locks.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the migrations; resolves to the boot warnings they leave (decision 0050). */
  migrate(): Promise<{ warnings: string[] }>;
  close(): Promise<void>;
  /**
   * Runs one read query and hands its rows over in batches: a server-side cursor on
   * PostgreSQL (one pass, whatever the size), slices of one result on the embedded database.
   */
  batches<T>(query: string, size: number): AsyncIterable<T[]>;
  /** PostgreSQL LISTEN: `onPayload` gets every NOTIFY on `channel`; resolves to an unlisten. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL NOTIFY, outside any transaction (delivered at once to every listener). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `run` unless another process holds the advisory lock named `name` (then resolves
   * undefined). The lock is held on a connection of its own, outside the pool (a small pool stays
   * usable meanwhile), and PostgreSQL releases it if that connection drops.
   */
  exclusively<T>(name: string, run: () => Promise<T>): Promise<T | undefined>;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface DatabaseOptions {
  poolMax?: number;
  /** A PGlite data dump to start from (tests copy a migrated template). */
  pgliteDump?: Blob | File;
  /**
   * DATABASE_MIGRATION_URL: a superuser connection to the same PostgreSQL database, used after
   * the migrations to put audit_log out of the app's role's reach (decision 0050).
   */
  migrationUrl?: string;
  /** The bound on a migration's lock waits (PostgreSQL; see migration-locks.ts). */
  migrationLocks?: MigrationLockPolicy;
  /** Where the migrations are (tests add one of their own to a copy). */
  migrationsFolder?: string;
}

/** Opens `pglite:<dir>` (embedded; `pglite:memory:` for in-memory) or `postgres://…`. */
export async function openDatabase(url: string, options: DatabaseOptions = {}): Promise<Database> {
  if (url.startsWith("pglite:")) {
    const location = url.slice("pglite:".length);
    const inMemory = location === "" || location === "memory:";
    // This user's only (0700): the data folder around it also holds the key and the admin code.
    if (!inMemory) mkdirSync(resolve(location), { recursive: true, mode: 0o700 });
    const unlock = inMemory ? () => {} : lockEmbeddedDatabase(resolve(location));
    const client = await PGlite.create({
      ...(inMemory ? {} : { dataDir: resolve(location) }),
      ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: "pglite",
      // One local process and one superuser role: no role of the embedded database is out of
      // another's reach, so there is nothing to warn about that PostgreSQL could fix (0050).
      migrate: async () => {
        await migratePglite(drizzlePglite(client, { schema }), {
          migrationsFolder: options.migrationsFolder ?? migrationsFolder,
        });
        return { warnings: [] };
      },
      close: async () => {
        await client.close();
        unlock();
      },
      async *batches<T>(query: string, size: number) {
        const { rows } = await client.query<T>(query);
        for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
      },
      async listen(channel, onPayload) {
        const unlisten = await client.listen(channel, onPayload);
        return () => unlisten();
      },
      async notify(channel, payload) {
        await client.query("select pg_notify($1, $2)", [channel, payload]);
      },
      // One process holds the embedded database.
      exclusively: (_name, run) => run(),
    };
  }
  const client = postgres(url, {
    max: options.poolMax ?? 10,
    onnotice: () => {},
    connection: { application_name: "fre" },
  });
  // Drizzle sends builder queries unprepared (it passes `prepare: false` unless a statement is
  // named), and its transactions use the raw transaction handle; PostgreSQL would then parse and
  // plan every query again. Preparing them all (cached per connection by postgres.js) removes
  // that cost: query shapes are fixed by the code, so the cache stays small.
  let locks: postgres.Sql | undefined;
  const preparing = alwaysPrepared(client);
  const pgDb = drizzlePostgres(preparing, { schema });
  return {
    db: pgDb as unknown as Db,
    kind: "postgres",
    // One connection holding an advisory lock keeps instances booting together from migrating twice.
    migrate: async () => {
      const single = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await single`select pg_advisory_lock(727274)`;
        const folder = options.migrationsFolder ?? migrationsFolder;
        await withMigrationLockBound(
          options.migrationLocks ?? DEFAULT_MIGRATION_LOCK_POLICY,
          (ms) => single.unsafe(`set lock_timeout = ${Math.trunc(ms)}`),
          () => migratePostgres(drizzlePostgres(single, { schema }), { migrationsFolder: folder }),
        );
        const migrationUrl = options.migrationUrl === url ? undefined : options.migrationUrl;
        const warnings = await secureAuditLog(single, migrationUrl, folder);
        await single`select pg_advisory_unlock(727274)`;
        return { warnings };
      } finally {
        await single.end({ timeout: 5 });
      }
    },
    close: async () => {
      await client.end({ timeout: 5 });
      await locks?.end({ timeout: 5 });
    },
    async *batches<T>(query: string, size: number) {
      for await (const rows of client.unsafe(query).cursor(size)) yield rows as unknown as T[];
    },
    // postgres.js keeps one extra connection, outside the pool, for its listeners.
    async listen(channel, onPayload) {
      const { unlisten } = await client.listen(channel, onPayload);
      return unlisten;
    },
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
    async exclusively(name, run) {
      locks ??= postgres(url, { max: 1, onnotice: () => {} });
      const key = `fre:${name}`;
      const [row] = await locks`select pg_try_advisory_lock(hashtext(${key})) as locked`;
      if (row?.locked !== true) return undefined;
      try {
        return await run();
      } finally {
        await locks`select pg_advisory_unlock(hashtext(${key}))`.catch(() => {});
      }
    },
  };
}

/** A postgres.js handle whose queries, and those of its transactions, are all prepared. */
function alwaysPrepared<T extends object>(sql: T): T {
  let unsafe: ((query: string, params?: unknown[], options?: object) => unknown) | undefined;
  return new Proxy(sql, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === "unsafe" && typeof value === "function") {
        unsafe ??= (query, params, options) =>
          value.call(target, query, params, { ...options, prepare: true });
        return unsafe;
      }
      if ((property === "begin" || property === "savepoint") && typeof value === "function") {
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const callback = args[last];
          if (typeof callback === "function") {
            args[last] = (inner: object) => callback(alwaysPrepared(inner));
          }
          return value.apply(target, args);
        };
      }
      return value;
    },
  });
}

type DriverClient =
  | { unsafe(text: string, params: unknown[], options: { prepare: boolean }): Promise<unknown[]> }
  | { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * Runs one fixed SQL text (`$1`, `$2`… parameters) straight on the driver, as a prepared
 * statement, on the database or inside a transaction: no query builder and no row mapping, for
 * the hottest reads only (decision 0008). Values come back as the driver gives them — normalise
 * with `BigInt(…)` and `new Date(…)`, which accept both drivers' forms (PGlite: bigint and Date;
 * postgres.js: strings).
 */
export async function driverQuery<T>(db: Db | Tx, text: string, params: unknown[]): Promise<T[]> {
  // drizzle keeps the driver handle (the pool, or the transaction's connection) on its session.
  const client = (db as unknown as { _: { session: { client: DriverClient } } })._.session.client;
  if ("unsafe" in client) return (await client.unsafe(text, params, { prepare: true })) as T[];
  return (await client.query(text, params)).rows as T[];
}

/** Rows of a raw `db.execute` result: postgres.js returns an array, PGlite `{rows}`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/**
 * A statement built once per database — drizzle's `.prepare()`, or a batch loader over a fixed
 * SQL text — for hot read paths: building a query through the builder costs several times what
 * running it does (docs/performance.md).
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
