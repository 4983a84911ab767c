import { readFileSync } from "node:fs";
import { join } from "node:path";
import { migrationsFolder } from "../../db/client.ts";

/** What `manifest.json` says about an archive (decision 0052). */
export interface BackupManifest {
  format: "fre-backup";
  formatVersion: 1;
  createdAt: string;
  database: { kind: "pglite" | "postgres"; dump: "pg_dump-custom" | "pglite-datadir" };
  /** The last migration applied to the backed-up database. */
  schema: SchemaVersion;
  /** Rows per table (`schema.table`) when the dump was taken. */
  tables: Record<string, number>;
  /** Every other entry of the archive: its size and sha256 (files also keep their type). */
  entries: Record<string, { size: number; sha256: string; contentType?: string }>;
}

export interface SchemaVersion {
  /** How many migrations are applied. */
  migrations: number;
  /** drizzle's `created_at` of the last one (the journal's `when`). */
  lastAppliedAt: number;
  /** The journal tag of the last one, null when this code's journal does not know it. */
  tag: string | null;
}

export const MANIFEST = "manifest.json";
export const DB_DUMP = "db.dump";
export const FILES_PREFIX = "files/";

interface JournalEntry {
  when: number;
  tag: string;
}

/** This code's migrations, in order. */
export function codeMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8"));
  return journal.entries as JournalEntry[];
}

export function codeSchemaVersion(): SchemaVersion {
  const entries = codeMigrations();
  const last = entries.at(-1);
  return { migrations: entries.length, lastAppliedAt: last?.when ?? 0, tag: last?.tag ?? null };
}

/** One read query's rows: on the app's database, or inside the backup's snapshot. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** The schema version of a database, from drizzle's migrations table. */
export async function databaseSchemaVersion(query: Query): Promise<SchemaVersion> {
  const [row] = await query(
    "select count(*) as count, max(created_at) as last from drizzle.__drizzle_migrations",
  );
  const lastAppliedAt = Number(row?.last ?? 0);
  const tag = codeMigrations().find((entry) => entry.when === lastAppliedAt)?.tag ?? null;
  return { migrations: Number(row?.count ?? 0), lastAppliedAt, tag };
}

/** Why an archive's schema cannot be loaded by this code, or null. */
export function newerSchemaReason(archive: SchemaVersion, code: SchemaVersion): string | null {
  if (archive.migrations <= code.migrations && archive.lastAppliedAt <= code.lastAppliedAt) {
    return null;
  }
  return (
    `the backup's schema (${archive.migrations} migrations, last ${archive.tag ?? "unknown to this code"}) ` +
    `is newer than this code's (${code.migrations} migrations, last ${code.tag}): ` +
    "restore with the FRE version that made the backup (or a newer one)"
  );
}

/** Every table of the application's schemas (public, drizzle), as `schema.table`. */
export async function listTables(query: Query): Promise<string[]> {
  const rows = await query(`
    select schemaname || '.' || tablename as name from pg_tables
    where schemaname not in ('pg_catalog', 'information_schema') order by 1`);
  return rows.map((row) => String(row.name));
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows per table. */
export async function countRows(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await listTables(query)) {
    const [schema, table] = name.split(".") as [string, string];
    const [row] = await query(`select count(*) as count from ${quoted(schema)}.${quoted(table)}`);
    counts[name] = Number(row?.count ?? 0);
  }
  return counts;
}
