/**
 * `npm run bench:start`: the production server (`npm run start:prod`'s command, built first) on
 * PostgreSQL — a new database (the first start migrates it), then restarts on the same one — the
 * time from spawn to a healthy `GET /api/health` and the resident memory (RSS) once it serves,
 * beside the goals of issue 33 (ready ≤ 2 s, ≤ 150 MB per process).
 *   BENCH_DATABASE_URL (default the local `test` server) · --rounds N (restarts, default 5)
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";

const root = resolve(import.meta.dirname, "..");
const GOAL_READY_MS = 2000;
const GOAL_RSS_MB = 150;
const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 5;
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** start:prod's command, as the package says it (`exec node …`). */
function startCommand(): string[] {
  const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts;
  const words = String(scripts["start:prod"])
    .replace(/^exec\s+/, "")
    .split(/\s+/);
  if (words[0] !== "node")
    throw new Error(`start:prod does not run node: ${scripts["start:prod"]}`);
  return [process.execPath, ...words.slice(1)];
}

async function freePort() {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

/** One start: ms to a healthy /api/health, then RSS right after and after a few requests. */
async function measure(databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const [command, ...args] = startCommand();
  const started = performance.now();
  const child = spawn(command!, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: "0f".repeat(32),
      ADMIN_DEFAULT_ACCESS_CODE: "bench-admin-code",
      DEMO_CONTENT: "off",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  let readyMs = Number.NaN;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${stderr}`);
    try {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (health.status === 200) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 10));
    if (performance.now() - started > 120_000) throw new Error(`no start in 2 minutes:\n${stderr}`);
  }
  const readyRss = rssMb(child.pid!);
  for (let i = 0; i < 50; i++) await (await fetch(`http://127.0.0.1:${port}/api/health`)).text();
  await new Promise((done) => setTimeout(done, 2000));
  const settledRss = rssMb(child.pid!);
  child.kill("SIGTERM");
  const code = await exited;
  if (code !== 0) throw new Error(`SIGTERM exited ${code}:\n${stderr}`);
  return { readyMs, readyRss, settledRss };
}

const built = spawnSync(process.execPath, ["scripts/build-server.mjs"], {
  cwd: root,
  stdio: "inherit",
});
if (built.status !== 0) process.exit(built.status ?? 1);

const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
const name = `fre_bench_start_${randomBytes(4).toString("hex")}`;
await admin.unsafe(`CREATE DATABASE ${name}`);
const databaseUrl = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
const dataDir = mkdtempSync(join(tmpdir(), "fre-bench-start-"));
try {
  const results: { run: string; readyMs: number; readyRss: number; settledRss: number }[] = [];
  results.push({ run: "first (migrates)", ...(await measure(databaseUrl, dataDir)) });
  for (let i = 1; i <= rounds; i++) {
    results.push({ run: `restart ${i}`, ...(await measure(databaseUrl, dataDir)) });
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const restarts = results.slice(1);
  process.stdout.write(`\nProduction start on PostgreSQL (${startCommand().slice(1).join(" ")})\n`);
  process.stdout.write("run                 ready ms   RSS at ready MB   RSS settled MB\n");
  for (const r of results) {
    process.stdout.write(
      `${r.run.padEnd(18)} ${r.readyMs.toFixed(0).padStart(9)} ${r.readyRss.toFixed(0).padStart(17)} ${r.settledRss.toFixed(0).padStart(16)}\n`,
    );
  }
  const ready = median(restarts.map((r) => r.readyMs));
  const rss = Math.max(...results.map((r) => r.settledRss));
  const verdict = (ok: boolean) => (ok ? "meets the goal" : "MISSES the goal");
  process.stdout.write(
    `\nready (median of ${restarts.length} restarts): ${ready.toFixed(0)} ms — goal ≤ ${GOAL_READY_MS} ms: ${verdict(ready <= GOAL_READY_MS)}\n` +
      `first start (migrations): ${results[0]!.readyMs.toFixed(0)} ms\n` +
      `RSS (largest, settled): ${rss.toFixed(0)} MB — goal ≤ ${GOAL_RSS_MB} MB per process: ${verdict(rss <= GOAL_RSS_MB)}\n`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
