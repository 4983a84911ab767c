import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import type { Database } from "../../db/client.ts";
import type { FileStore } from "../file-store.ts";
import { queryOf } from "./backup.repo.ts";
import {
  type BackupManifest,
  countRows,
  DB_DUMP,
  databaseSchemaVersion,
  FILES_PREFIX,
  MANIFEST,
  type Query,
} from "./manifest.ts";
import { tarWriter } from "./tar.ts";

export interface BackupOptions {
  database: Database;
  /** The database's URL: pg_dump connects with it (a superuser URL reads every table too). */
  databaseUrl: string;
  files: FileStore;
  out: string;
  now?: Date;
}

export interface BackupSummary {
  out: string;
  bytes: number;
  files: number;
  rows: number;
  manifest: BackupManifest;
}

/**
 * Writes one archive (decision 0052): `db.dump` (pg_dump's custom format, or PGlite's own data
 * dump), every stored file under `files/<key>` exactly as stored (KYC documents stay sealed), and
 * `manifest.json` last with the schema version, rows per table and every entry's sha256. Nothing
 * of `DATA_ENCRYPTION_KEY` goes in. The archive is written beside `out` and renamed into place,
 * so a failed backup never leaves a truncated file under the expected name.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const { database, files } = options;
  const out = resolve(options.out);
  const staging = await fs.mkdtemp(join(tmpdir(), "fre-backup-"));
  const partial = join(dirname(out), `.${Date.now()}.partial.tar`);
  try {
    const dumpPath = join(staging, DB_DUMP);
    const { schema, tables, keys } =
      database.kind === "postgres"
        ? await pgDump(options.databaseUrl, dumpPath)
        : await pgliteDump(database, dumpPath);

    const entries: BackupManifest["entries"] = {};
    const handle = await fs.open(partial, "wx", 0o600);
    try {
      const tar = tarWriter(handle, options.now);
      const { size } = await fs.stat(dumpPath);
      const hash = createHash("sha256");
      const hashed = async function* () {
        for await (const chunk of createReadStream(dumpPath)) {
          hash.update(chunk as Buffer);
          yield chunk as Buffer;
        }
      };
      await tar.addStream(DB_DUMP, size, hashed());
      entries[DB_DUMP] = { size, sha256: hash.digest("hex") };
      for (const key of keys) {
        const file = await files.get(key);
        // A row whose object is gone (a failed upload's clean-up): nothing to keep.
        if (!file) continue;
        await tar.add(`${FILES_PREFIX}${key}`, file.bytes);
        entries[`${FILES_PREFIX}${key}`] = {
          size: file.bytes.byteLength,
          sha256: createHash("sha256").update(file.bytes).digest("hex"),
          contentType: file.contentType,
        };
      }
      const manifest: BackupManifest = {
        format: "fre-backup",
        formatVersion: 1,
        createdAt: (options.now ?? new Date()).toISOString(),
        database: {
          kind: database.kind,
          dump: database.kind === "postgres" ? "pg_dump-custom" : "pglite-datadir",
        },
        schema,
        tables,
        entries,
      };
      await tar.add(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      await tar.finish();
      await handle.sync();
      await handle.close();
      await fs.rename(partial, out);
      const bytes = (await fs.stat(out)).size;
      const rows = Object.values(tables).reduce((a, b) => a + b, 0);
      return { out, bytes, files: Object.keys(entries).length - 1, rows, manifest };
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  } finally {
    await fs.rm(partial, { force: true });
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** The keys of every file the database points to: KYC documents and ad images. */
const FILE_KEYS_SQL = `
  select storage_key as key from kyc_files
  union select image_key from ads where image_key is not null
  order by 1`;

/** What the manifest says of the database, read in the dump's own snapshot. */
async function describe(query: Query) {
  const schema = await databaseSchemaVersion(query);
  const tables = await countRows(query);
  const keys = (await query(FILE_KEYS_SQL)).map((row) => String(row.key));
  return { schema, tables, keys };
}

/** A connection URL without its password, and the environment that passes it to libpq. */
export function libpqTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = "";
  }
  return { url: parsed.toString(), env };
}

/** Runs a PostgreSQL client tool; rejects with its standard error. */
export function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin?: NodeJS.ReadableStream,
): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      env,
      stdio: [stdin ? "pipe" : "ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    if (stdin && child.stdin) {
      child.stdin.on("error", () => {});
      stdin.pipe(child.stdin);
    }
    child.once("error", (error) =>
      fail(
        new Error(
          `${command} could not start (${error.message}): install the PostgreSQL client tools`,
        ),
      ),
    );
    child.once("exit", (code) =>
      code === 0 ? done() : fail(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * pg_dump in a snapshot this function exports and holds open: the manifest's counts and file
 * keys and the dump describe the same instant of a service that keeps running.
 */
async function pgDump(databaseUrl: string, path: string) {
  const target = libpqTarget(databaseUrl);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await sql.begin("isolation level repeatable read read only", async (tx) => {
      const [{ snapshot }] = (await tx`select pg_export_snapshot() as snapshot`) as unknown as [
        { snapshot: string },
      ];
      const described = await describe((text) => tx.unsafe(text) as Promise<never>);
      // No owners and no grants: the restoring role owns what it creates, and the next boot
      // hands audit_log to its owner role again (decision 0050).
      await runTool(
        "pg_dump",
        [
          "--format=custom",
          "--no-owner",
          "--no-privileges",
          `--snapshot=${snapshot}`,
          `--file=${path}`,
          `--dbname=${target.url}`,
        ],
        target.env,
      );
      return described;
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** PGlite's own dump of its folder: one process holds it, so nothing changes meanwhile. */
async function pgliteDump(database: Database, path: string) {
  const described = await describe(queryOf(database.db));
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await fs.writeFile(path, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  return described;
}
