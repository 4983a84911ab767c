/**
 * `npm run bench:migrate`: how long each migration holds a database of 100 000 users with their
 * history (issue 33.5; goal ≤ 1 s each). `--users N` (default 100 000), `--history D` (days of
 * past mining per user: a claimed session, a ledger entry and a notice a day, default 10),
 * `--reuse` (replay again on the database a previous run seeded).
 *
 * What it measures, honestly: a database at every intermediate schema, each seeded, is out of
 * reach, so this bench migrates to the head, seeds it, then replays each migration, in order,
 * inside a transaction it rolls back. Before each statement it undoes, untimed, what that
 * statement would create at the head (drops the index, column, constraint, trigger, function or
 * table it creates, CASCADE), so an index is really built on today's rows, a column really
 * added to a full table, a constraint really validated against it, and a table the migration
 * creates starts empty, as it did. The time is the statements' own. A statement the head's
 * schema or data no longer accept (a later migration dropped what it reads, or an old CHECK
 * the newer rows break) rolls back to its savepoint and is counted "n/a at head" with
 * PostgreSQL's reason; it is not timed, and later statements that need it may fail the same way.
 * The head has every later index to maintain: an index build or backfill here costs at least
 * what it cost at its own time on the same rows.
 */
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { adminUrl, arg, args, freshDatabase, seedMiningHistory } from "./bench-setup.js";

const USERS = arg("users", 100_000);
const HISTORY_DAYS = arg("history", 10);
const GOAL_MS = 1000;
const folder = join(import.meta.dirname, "..", "apps", "server", "src", "db", "migrations");

const ident = String.raw`((?:"[^"]+"|[\w]+)(?:\.(?:"[^"]+"|[\w]+))?)`;
/** What a statement creates, as the statement that removes it from the head (untimed). */
const undoes: [RegExp, (m: RegExpMatchArray) => string][] = [
  [
    new RegExp(
      String.raw`^create\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?${ident}`,
      "i",
    ),
    (m) => `drop index if exists ${m[1]} cascade`,
  ],
  [
    new RegExp(
      String.raw`^create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?${ident}`,
      "i",
    ),
    (m) => `drop table if exists ${m[1]} cascade`,
  ],
  [
    new RegExp(
      String.raw`^alter\s+table\s+(?:only\s+)?${ident}\s+add\s+column\s+(?:if\s+not\s+exists\s+)?${ident}`,
      "i",
    ),
    (m) => `alter table ${m[1]} drop column if exists ${m[2]} cascade`,
  ],
  [
    new RegExp(
      String.raw`^alter\s+table\s+(?:only\s+)?${ident}\s+add\s+constraint\s+${ident}`,
      "i",
    ),
    (m) => `alter table ${m[1]} drop constraint if exists ${m[2]} cascade`,
  ],
  [
    new RegExp(String.raw`^create\s+trigger\s+${ident}[\s\S]*?\bon\s+${ident}`, "i"),
    (m) => `drop trigger if exists ${m[1]} on ${m[2]}`,
  ],
  [
    new RegExp(String.raw`^create\s+function\s+${ident}\s*\(`, "i"),
    (m) => `drop function if exists ${m[1]} cascade`,
  ],
];

function statements(tag: string): string[] {
  return readFileSync(join(folder, `${tag}.sql`), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
}

async function seed(sql: postgres.Sql) {
  const t0 = Date.now();
  await sql.unsafe(`
    insert into users (id, name, email, email_verified, nickname, referral_code, total_mined, balance, created_at)
    select 'seed-' || g, 'seed' || g, 'seed' || g || '@bench.local', true, 'seed' || g,
           'S' || lpad(to_hex(g), 7, '0'), 864000000000, 864000000000, now() - interval '30 days'
    from generate_series(1, ${USERS}) g`);
  await sql.unsafe(`
    insert into accounts (id, account_id, provider_id, user_id, password)
    select 'acc-' || id, id, 'credential', id, 'x' from users`);
  await seedMiningHistory(sql, HISTORY_DAYS);
  await sql.unsafe(`
    insert into ledger_entries (user_id, kind, amount_nano, reference, created_at)
    select u.id, 'mining', 86400000000, 'bench-mining:' || u.id || ':' || d,
      now() - make_interval(days => d)
    from users u, generate_series(1, ${HISTORY_DAYS}) d`);
  await sql.unsafe("vacuum analyze");
  const [size] = await sql<
    { bytes: string }[]
  >`select pg_database_size(current_database()) as bytes`;
  process.stdout.write(
    `seeded ${USERS} users, ${USERS * HISTORY_DAYS} each of mining sessions, ledger entries and notices ` +
      `(${(Number(size?.bytes) / 2 ** 20).toFixed(0)} MB) in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
}

type Row = {
  tag: string;
  ms: number;
  ran: number;
  total: number;
  na: string[];
  slowest: { ms: number; statement: string };
};

async function replay(sql: postgres.Sql, tag: string): Promise<Row> {
  const row: Row = { tag, ms: 0, ran: 0, total: 0, na: [], slowest: { ms: 0, statement: "" } };
  await sql
    .begin(async (tx) => {
      for (const statement of statements(tag)) {
        row.total++;
        await tx.unsafe("savepoint s");
        try {
          const head = statement.replace(/^(?:\s*--[^\n]*\n)+/, "").trim();
          for (const [pattern, undo] of undoes) {
            const m = head.match(pattern);
            if (m) await tx.unsafe(undo(m));
          }
          const t = performance.now();
          await tx.unsafe(statement);
          const ms = performance.now() - t;
          row.ms += ms;
          if (ms > row.slowest.ms) row.slowest = { ms, statement: head.split("\n")[0] ?? "" };
          row.ran++;
          await tx.unsafe("release savepoint s");
        } catch (e) {
          await tx.unsafe("rollback to savepoint s");
          const first = statement.replace(/^(?:\s*--[^\n]*\n)+/, "").split("\n")[0] ?? "";
          row.na.push(`${first.slice(0, 70)}: ${(e as Error).message}`);
        }
      }
      throw new Rollback();
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return row;
}

class Rollback extends Error {}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main() {
  // `--reuse`: the database a previous run seeded (every replay rolled back) and no new seed.
  const url = args.includes("--reuse")
    ? databaseUrl("fre_bench_migrate")
    : await freshDatabase("fre_bench_migrate");
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  if (!args.includes("--reuse")) {
    await migrate(drizzle(sql), { migrationsFolder: folder });
    await seed(sql);
  }
  process.stdout.write(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} (${cpus().length} cores)\n`,
  );
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  process.stdout.write(
    `\nmigration                                  time  ran/stmts  goal ≤ ${GOAL_MS} ms\n`,
  );
  const rows: Row[] = [];
  for (const { tag } of journal.entries) {
    const row = await replay(sql, tag);
    rows.push(row);
    const verdict = row.ms <= GOAL_MS ? "ok" : "OVER";
    process.stdout.write(
      `${tag.padEnd(40)} ${row.ms.toFixed(0).padStart(6)} ms  ${`${row.ran}/${row.total}`.padStart(9)}  ${verdict}${row.na.length ? `  (${row.na.length} n/a at head)` : ""}\n`,
    );
  }
  const na = rows.filter((r) => r.na.length);
  if (na.length) process.stdout.write("\nn/a at head (not timed):\n");
  for (const r of na) for (const why of r.na) process.stdout.write(`  ${r.tag}: ${why}\n`);
  const over = rows.filter((r) => r.ms > GOAL_MS);
  if (over.length) process.stdout.write("\nslowest statement of each over the goal:\n");
  for (const r of over) {
    process.stdout.write(
      `  ${r.tag}: ${r.slowest.ms.toFixed(0)} ms ${r.slowest.statement.slice(0, 110)}\n`,
    );
  }
  process.stdout.write(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}\n`,
  );
  process.stdout.write(
    `\n${over.length ? `${over.length} over the goal: ${over.map((r) => r.tag).join(", ")}` : "every migration within the goal"}\n`,
  );
  await sql.end();
}

await main();
