/**
 * Backup and restore times on PostgreSQL (issue 33, point 4; decision 0052).
 *   npm run bench:backup [-- --users 100000] [--history 10]
 * Seeds a fresh `fre_bench_backup` database as bench/api.ts seeds `fre_bench` (N users, each
 * with HISTORY days of claimed mining sessions and notices, and a ledger entry), then runs the
 * operator's commands as they are run — `npm run backup -- --out FILE`, then
 * `npm run restore -- FILE` into a new empty `fre_bench_restore` with an empty files folder — and
 * prints each one's wall time, the archive's size and the rows restored.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { arg, freshDatabase, seedMiningHistory } from "./bench-setup.ts";

const USERS = arg("users", 100_000);
const HISTORY_DAYS = arg("history", 10);
const run = promisify(execFile);
const repo = resolve(import.meta.dirname, "..");

async function seed(url: string) {
  const database = await openDatabase(url, { poolMax: 1 });
  await database.migrate();
  await database.close();
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const t0 = Date.now();
  await sql.unsafe(`
    insert into users (id, name, email, email_verified, nickname, referral_code, total_mined, balance)
    select 'seed-' || g, 'seed' || g, 'seed' || g || '@bench.local', true, 'seed' || g,
           'S' || lpad(to_hex(g), 7, '0'), (random() * 1e12)::bigint, 1000000000
    from generate_series(1, ${USERS}) g`);
  await sql.unsafe(`
    insert into ledger_entries (user_id, kind, amount_nano, reference, created_at)
    select id, 'bonus', 1000000000, 'bench-backup:' || id, now() from users`);
  await seedMiningHistory(sql, HISTORY_DAYS);
  await sql.unsafe("vacuum analyze");
  const [size] = await sql`select pg_database_size(current_database()) as bytes`;
  await sql.end();
  return { seconds: (Date.now() - t0) / 1000, bytes: Number(size?.bytes) };
}

/** One CLI as `npm run …` runs it, timed. */
async function timed(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const t0 = Date.now();
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", join(repo, "apps/server/src/cli", script), ...args],
    { cwd: repo, env: { ...process.env, ...env }, maxBuffer: 1 << 20 },
  );
  return { seconds: (Date.now() - t0) / 1000, stdout: stdout.trim() };
}

async function main() {
  const dir = await fs.mkdtemp(join(tmpdir(), "fre-bench-backup-"));
  try {
    const sourceUrl = await freshDatabase("fre_bench_backup");
    const seeded = await seed(sourceUrl);
    process.stdout.write(
      `seeded ${USERS} users, ${HISTORY_DAYS} days of history (${(seeded.bytes / 1e6).toFixed(0)} MB on disk) in ${seeded.seconds.toFixed(1)} s\n`,
    );
    const env = {
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      PUBLIC_URL: "http://127.0.0.1:3000",
      LOG_LEVEL: "silent",
    };
    const archive = join(dir, "backup.tar");
    const backup = await timed("backup.ts", ["--out", archive], {
      ...env,
      DATABASE_URL: sourceUrl,
      FILES_URL: join(dir, "files"),
    });
    const { size } = await fs.stat(archive);
    const targetUrl = await freshDatabase("fre_bench_restore");
    const restore = await timed("restore.ts", [archive], {
      ...env,
      DATABASE_URL: targetUrl,
      FILES_URL: join(dir, "restored-files"),
    });
    process.stdout.write(`${backup.stdout}\n${restore.stdout}\n`);
    process.stdout.write(
      `backup:  ${backup.seconds.toFixed(1)} s, archive ${(size / 1e6).toFixed(1)} MB\n` +
        `restore: ${restore.seconds.toFixed(1)} s (load, count check, migrations)\n` +
        `load average ${loadavg()
          .slice(0, 2)
          .map((x) => x.toFixed(1))
          .join("/")}\n`,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
