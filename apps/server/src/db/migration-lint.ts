/**
 * The migration check (issue 33.5, decision 0053): every statement of every migration that
 * would hold a lock blocking a busy table while it scans or rewrites it. Squawk (a PostgreSQL
 * parser, `squawk-cli`, whose binary is an optional npm package: no install script) reads the
 * SQL; four things it does not judge here (VACUUM FULL, CLUSTER, LOCK TABLE, CONCURRENTLY
 * inside the migration transaction) are ours.
 * Squawk runs with `--assume-in-transaction`, as drizzle's migrator runs every pending file in
 * one transaction: a table created in the same file is empty, so an index on it is not flagged.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, join } from "node:path";

export type Finding = { file: string; line: number; rule: string; message: string };

/** Squawk's rules FRE leaves out, each with why: none of them is about a lock on a busy table. */
export const ignoredRules: Record<string, string> = {
  "prefer-robust-stmts":
    "drizzle runs each file once, inside one transaction that a failure rolls back whole",
  "prefer-bigint-over-int": "a column type choice, not a lock",
  "prefer-bigint-over-smallint": "a column type choice, not a lock",
  "prefer-identity": "a column type choice, not a lock",
  "prefer-text-field": "a column type choice, not a lock",
  "prefer-timestamptz": "a column type choice, not a lock",
  "require-lock-timeout":
    "a bound on the wait belongs to the migrator, for every file at once (decision 0053)",
  "require-statement-timeout":
    "a bound on the wait belongs to the migrator, for every file at once (decision 0053)",
};

/** What FRE writes instead, by rule: the text a finding prints (decision 0053). */
export const advice: Record<string, string> = {
  "require-concurrent-index-creation":
    "an index on an existing table is built CONCURRENTLY, which cannot run in drizzle's migration transaction: ship it as an online step (docs/operations.md, decision 0053) or add a reviewed exception",
  "concurrently-in-transaction":
    "drizzle runs migrations in one transaction, where CONCURRENTLY fails: ship it as an online step (decision 0053)",
  "adding-field-with-default":
    "add the column without a volatile default (or with a constant one), then backfill in batches",
  "adding-required-field":
    "add the column nullable (expand), backfill, then add NOT NULL through a validated CHECK (contract)",
  "adding-not-nullable-field":
    "add CHECK (col IS NOT NULL) NOT VALID, VALIDATE it in a later migration, then SET NOT NULL",
  "changing-column-type": "add a new column, write both, backfill, switch reads, drop the old one",
  "constraint-missing-not-valid":
    "add the constraint NOT VALID, VALIDATE CONSTRAINT in a later migration",
  "adding-foreign-key-constraint":
    "add the foreign key NOT VALID, VALIDATE CONSTRAINT in a later migration",
  "ban-drop-column":
    "a contract step: only once no deployed code reads the column (a release after the one that stopped)",
  "ban-drop-table":
    "a contract step: only once no deployed code reads the table (a release after the one that stopped)",
  "renaming-column": "add the new column, write both, switch reads, drop the old one",
  "renaming-table": "create the new table (or a view), switch code, drop the old one later",
  "vacuum-full":
    "VACUUM FULL rewrites the table under an ACCESS EXCLUSIVE lock: never in a migration",
  cluster: "CLUSTER rewrites the table under an ACCESS EXCLUSIVE lock: never in a migration",
  "lock-table": "an explicit LOCK TABLE blocks the service for the whole migration transaction",
};

/** Comments and string literals blanked (same length, so offsets keep their line). */
function code(sql: string): string {
  return sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'/g, (m) => m.replace(/[^\n]/g, " "));
}

const ourRules: { rule: string; pattern: RegExp; message: string }[] = [
  {
    rule: "vacuum-full",
    pattern: /\bvacuum\s*(?:\(\s*[^)]*\bfull\b[^)]*\)|full\b)/gi,
    message: "VACUUM FULL",
  },
  { rule: "cluster", pattern: /(?:^|;)\s*cluster\b/gi, message: "CLUSTER" },
  {
    rule: "concurrently-in-transaction",
    pattern: /\b(?:index|reindex\b[^;]*?)\s+concurrently\b/gi,
    message: "CONCURRENTLY inside the migration transaction",
  },
  {
    rule: "lock-table",
    pattern: /(?:^|;)\s*lock\s+(?:table\s+)?(?!in\b)["\w]/gi,
    message: "LOCK TABLE",
  },
];

function ours(sql: string, file: string): Finding[] {
  const text = code(sql).replace(/-->\s*statement-breakpoint/g, ";");
  const found: Finding[] = [];
  for (const { rule, pattern, message } of ourRules) {
    for (const m of text.matchAll(pattern)) {
      const line = text.slice(0, m.index).split("\n").length - 1;
      found.push({ file, line, rule, message });
    }
  }
  return found;
}

const squawkBin = () =>
  join(
    createRequire(import.meta.url).resolve("squawk-cli/package.json"),
    "..",
    "js",
    "bin",
    "squawk",
  );

type SquawkJson = { file: string; line: number; rule_name: string; message: string }[];

/** Squawk on `paths` (or on `input`, named `paths[0]`); its JSON answer. */
function squawk(paths: string[], input?: string): SquawkJson {
  const flags = [
    "--assume-in-transaction",
    "--pg-version=15",
    "--reporter=json",
    `--exclude=${Object.keys(ignoredRules).join(",")}`,
  ];
  const argv =
    input === undefined ? [...flags, ...paths] : [...flags, `--stdin-filepath=${paths[0]}`];
  const run = spawnSync(process.execPath, [squawkBin(), ...argv], { input, encoding: "utf8" });
  if (run.error) throw run.error;
  // Squawk exits 1 when it finds something: its JSON on stdout is the answer either way.
  const out = run.stdout.trim();
  if (!out.startsWith("[")) throw new Error(`squawk failed: ${run.stderr || out}`);
  return JSON.parse(out) as SquawkJson;
}

const asFinding = (f: SquawkJson[number]): Finding => ({
  file: basename(f.file),
  line: f.line,
  rule: f.rule_name,
  message: f.message,
});

const byPlace = (a: Finding, b: Finding) => a.file.localeCompare(b.file) || a.line - b.line;

/** Squawk's findings on `sql` (one file's text), then ours; lines count from 0. */
export function lintSql(sql: string, file = "stdin.sql"): Finding[] {
  return [...squawk([file], sql).map(asFinding), ...ours(sql, file)].sort(byPlace);
}

/** Every `.sql` file of `folder` (one squawk run), with its findings. */
export function lintMigrations(folder: string): Finding[] {
  const files = readdirSync(folder).filter((f) => f.endsWith(".sql"));
  const paths = files.map((f) => join(folder, f));
  const mine = files.flatMap((f) => ours(readFileSync(join(folder, f), "utf8"), f));
  return [...squawk(paths).map(asFinding), ...mine].sort(byPlace);
}

/** One finding as a reader needs it: where, which rule, and what FRE writes instead. */
export function describe(f: Finding): string {
  return `${f.file}:${f.line + 1} ${f.rule}: ${f.message}${advice[f.rule] ? ` — ${advice[f.rule]}` : ""}`;
}
