import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "../src/db/client.ts";
import { MigrationLockTimeoutError, withMigrationLockBound } from "../src/db/migration-locks.ts";
import { freshDatabase, onPostgres } from "./helpers.ts";

const lockError = () =>
  Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03" });

describe("the bound on a migration's lock waits", () => {
  it("sets lock_timeout, retries after a lock timeout with a doubling pause, then clears it", async () => {
    const timeouts: number[] = [];
    const pauses: number[] = [];
    let calls = 0;
    const result = await withMigrationLockBound(
      { lockTimeoutMs: 250, attempts: 4, retryDelayMs: 10 },
      async (ms) => timeouts.push(ms),
      async () => {
        calls += 1;
        if (calls < 3) throw new Error("drizzle", { cause: lockError() });
        return "applied";
      },
      async (ms) => {
        pauses.push(ms);
      },
    );
    expect(result).toBe("applied");
    expect(calls).toBe(3);
    expect(pauses).toEqual([10, 20]);
    expect(timeouts).toEqual([250, 0]);
  });

  it("gives up after the last try with a message that says where to look", async () => {
    const timeouts: number[] = [];
    const attempt = withMigrationLockBound(
      { lockTimeoutMs: 100, attempts: 2, retryDelayMs: 1 },
      async (ms) => timeouts.push(ms),
      async () => {
        throw lockError();
      },
      async () => {},
    );
    await expect(attempt).rejects.toBeInstanceOf(MigrationLockTimeoutError);
    await expect(attempt).rejects.toThrow(/pg_stat_activity/);
    expect(timeouts).toEqual([100, 0]);
  });

  it("does not retry any other failure", async () => {
    let calls = 0;
    const attempt = withMigrationLockBound(
      { lockTimeoutMs: 100, attempts: 5, retryDelayMs: 1 },
      async () => {},
      async () => {
        calls += 1;
        throw Object.assign(new Error("syntax"), { code: "42601" });
      },
      async () => {},
    );
    await expect(attempt).rejects.toThrow("syntax");
    expect(calls).toBe(1);
  });
});

/**
 * On PostgreSQL: a pending migration that alters `users` while a long transaction holds a lock on
 * it does not queue behind it indefinitely (which would stop every query on users behind it).
 */
describe.skipIf(!onPostgres)("a migration behind a long transaction (PostgreSQL)", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let folder: string;

  beforeAll(async () => {
    database = await freshDatabase();
    folder = await mkdtemp(join(tmpdir(), "fre-migrations-"));
    await cp(migrationsFolder, folder, { recursive: true });
    await writeFile(
      join(folder, "0099_lock_probe.sql"),
      'ALTER TABLE "users" ADD COLUMN "lock_probe" integer;\n',
    );
    const journalPath = join(folder, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8"));
    const last = journal.entries.at(-1);
    journal.entries.push({
      idx: last.idx + 1,
      version: last.version,
      when: last.when + 1,
      tag: "0099_lock_probe",
      breakpoints: true,
    });
    await writeFile(journalPath, JSON.stringify(journal));
  });

  afterAll(async () => {
    await database?.drop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** Holds ACCESS SHARE on users (what any long read holds) until the returned release is called. */
  async function holdUsers() {
    const sql = postgres(database.url!, { max: 1, onnotice: () => {} });
    let release!: () => void;
    const released = new Promise<void>((done) => {
      release = done;
    });
    let locked!: () => void;
    const holding = new Promise<void>((done) => {
      locked = done;
    });
    const transaction = sql.begin(async (tx) => {
      await tx`lock table users in access share mode`;
      locked();
      await released;
    });
    await holding;
    return async () => {
      release();
      await transaction;
      await sql.end();
    };
  }

  async function hasProbeColumn() {
    const sql = postgres(database.url!, { max: 1, onnotice: () => {} });
    try {
      const rows =
        await sql`select 1 from information_schema.columns where table_name = 'users' and column_name = 'lock_probe'`;
      return rows.length === 1;
    } finally {
      await sql.end();
    }
  }

  it("gives up with a clear error and applies nothing while the lock is held", async () => {
    const release = await holdUsers();
    const migrating = await openDatabase(database.url!, {
      migrationsFolder: folder,
      migrationLocks: { lockTimeoutMs: 100, attempts: 2, retryDelayMs: 50 },
    });
    try {
      await expect(migrating.migrate()).rejects.toBeInstanceOf(MigrationLockTimeoutError);
    } finally {
      await migrating.close();
      await release();
    }
    expect(await hasProbeColumn()).toBe(false);
  });

  it("applies the migration on a later try once the long transaction ends", async () => {
    const release = await holdUsers();
    const migrating = await openDatabase(database.url!, {
      migrationsFolder: folder,
      migrationLocks: { lockTimeoutMs: 100, attempts: 20, retryDelayMs: 50 },
    });
    try {
      const applying = migrating.migrate();
      setTimeout(() => void release(), 400);
      await applying;
    } finally {
      await migrating.close();
    }
    expect(await hasProbeColumn()).toBe(true);
  });
});
