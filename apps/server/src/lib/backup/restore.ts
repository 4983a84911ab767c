import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { resolve } from "node:path";
import { openDatabase } from "../../db/client.ts";
import type { FileStore } from "../file-store.ts";
import { queryOf, widenRestoredPayoutLookBack } from "./backup.repo.ts";
import { libpqTarget, runTool } from "./backup.ts";
import {
  type BackupManifest,
  codeSchemaVersion,
  countRows,
  DB_DUMP,
  FILES_PREFIX,
  listTables,
  MANIFEST,
  newerSchemaReason,
} from "./manifest.ts";
import { entryBytes, entryStream, readTarEntries, type TarEntry } from "./tar.ts";

/** A restore refused before anything was written: the message says why and what to do. */
export class RestoreRefusedError extends Error {}

export interface RestoreOptions {
  archive: string;
  /** Where to restore: `pglite:<folder>` (a missing or empty folder) or an empty PostgreSQL. */
  databaseUrl: string;
  /** DATABASE_MIGRATION_URL when set: after the load, audit_log goes to its owner (0050). */
  migrationUrl?: string;
  files: FileStore;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  files: number;
  rows: number;
}

/**
 * Loads an archive written by `createBackup` into an empty database and files store (decision
 * 0052). Everything is checked before anything is written: the manifest's format, every entry's
 * size and sha256 (an entry missing, unlisted or altered refuses the archive), a schema newer
 * than this code's migrations, a database that already holds tables, a file key already stored.
 * Then the dump is loaded, the files put back as they were stored (still sealed), the rows
 * counted against the manifest, and this code's later migrations applied.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const archive = resolve(options.archive);
  const handle = await fs.open(archive, "r").catch(() => {
    throw new RestoreRefusedError(`cannot read the archive ${archive}`);
  });
  try {
    const entries = await readTarEntries(handle).catch((error: Error) => {
      throw new RestoreRefusedError(error.message);
    });
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    const manifestEntry = byName.get(MANIFEST);
    if (!manifestEntry) throw new RestoreRefusedError("not a backup archive: no manifest.json");
    const manifest = JSON.parse((await entryBytes(handle, manifestEntry)).toString("utf8"));
    if (manifest?.format !== "fre-backup" || manifest.formatVersion !== 1) {
      throw new RestoreRefusedError(
        "not a backup archive this FRE can read (format or format version unknown)",
      );
    }
    await verifyChecksums(archive, manifest as BackupManifest, byName);
    const reason = newerSchemaReason(manifest.schema, codeSchemaVersion());
    if (reason) throw new RestoreRefusedError(`refused: ${reason}`);
    const kind = options.databaseUrl.startsWith("pglite:") ? "pglite" : "postgres";
    if (kind !== manifest.database.kind) {
      throw new RestoreRefusedError(
        `refused: the backup holds a ${manifest.database.kind} dump and DATABASE_URL names a ${kind} database`,
      );
    }
    await assertEmptyTarget(options);
    const fileNames = Object.keys(manifest.entries).filter((name) => name.startsWith(FILES_PREFIX));
    for (const name of fileNames) {
      if (await options.files.exists(name.slice(FILES_PREFIX.length))) {
        throw new RestoreRefusedError(
          `refused: the files store already holds ${name.slice(FILES_PREFIX.length)}: restore into an empty files store (FILES_URL)`,
        );
      }
    }

    const dump = byName.get(DB_DUMP)!;
    const database =
      kind === "pglite"
        ? await openDatabase(options.databaseUrl, {
            poolMax: 1,
            pgliteDump: new Blob([await entryBytes(handle, dump)]),
          })
        : await pgRestore(options, archive, dump);
    try {
      const counts = await countRows(queryOf(database.db));
      for (const [table, expected] of Object.entries(manifest.tables as Record<string, number>)) {
        if (counts[table] !== expected) {
          throw new Error(
            `restore incomplete: ${table} has ${counts[table] ?? "no"} rows, the manifest says ${expected}`,
          );
        }
      }
      for (const name of fileNames) {
        const entry = byName.get(name)!;
        await options.files.put(name.slice(FILES_PREFIX.length), await entryBytes(handle, entry), {
          contentType: manifest.entries[name].contentType ?? "application/octet-stream",
        });
      }
      await database.migrate();
      // A payout signed after the backup left no record here: searched from its approval.
      await widenRestoredPayoutLookBack(database.db);
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      return { manifest, files: fileNames.length, rows };
    } finally {
      await database.close();
    }
  } finally {
    await handle.close();
  }
}

async function verifyChecksums(
  archive: string,
  manifest: BackupManifest,
  byName: Map<string, TarEntry>,
) {
  const listed = manifest.entries ?? {};
  if (!listed[DB_DUMP]) throw new RestoreRefusedError("not a backup archive: no db.dump listed");
  for (const name of byName.keys()) {
    if (name !== MANIFEST && !listed[name]) {
      throw new RestoreRefusedError(`refused: ${name} is in the archive but not in its manifest`);
    }
  }
  for (const [name, expected] of Object.entries(listed)) {
    const entry = byName.get(name);
    if (!entry) throw new RestoreRefusedError(`refused: ${name} is missing from the archive`);
    const hash = createHash("sha256");
    for await (const chunk of entryStream(archive, entry)) hash.update(chunk as Buffer);
    if (entry.size !== expected.size || hash.digest("hex") !== expected.sha256) {
      throw new RestoreRefusedError(
        `refused: checksum mismatch in ${name}: the archive is damaged or was altered; nothing was restored`,
      );
    }
  }
}

async function assertEmptyTarget(options: RestoreOptions) {
  const url = options.databaseUrl;
  if (url.startsWith("pglite:")) {
    const folder = resolve(url.slice("pglite:".length));
    if (url === "pglite:" || url === "pglite:memory:") {
      throw new RestoreRefusedError(
        "refused: restore into a folder (DATABASE_URL=pglite:./data/db), not memory",
      );
    }
    const names = await fs.readdir(folder).catch(() => []);
    if (names.length > 0) {
      throw new RestoreRefusedError(
        `refused: the database folder ${folder} is not empty; restore into a new, empty database (move it away first)`,
      );
    }
    return;
  }
  const database = await openDatabase(url, { poolMax: 1 });
  try {
    const tables = await listTables(queryOf(database.db));
    if (tables.length > 0) {
      throw new RestoreRefusedError(
        `refused: the database is not empty (${tables.length} tables, e.g. ${tables[0]}); restore into a new, empty database`,
      );
    }
  } finally {
    await database.close();
  }
}

/**
 * pg_restore from the archive's byte range, in one transaction, as the app's role (it owns what
 * it creates, as after a first boot's migrations); then the database opened.
 */
async function pgRestore(options: RestoreOptions, archive: string, dump: TarEntry) {
  const target = libpqTarget(options.databaseUrl);
  await runTool(
    "pg_restore",
    [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${target.url}`,
    ],
    target.env,
    entryStream(archive, dump),
  );
  return openDatabase(options.databaseUrl, { poolMax: 1, migrationUrl: options.migrationUrl });
}
