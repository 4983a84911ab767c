/**
 * API load benchmark on PostgreSQL.
 *   npm run bench:api [-- --users 100000] [--duration 10]
 * Seeds N users (SQL generate_series), starts the real server in a child process, then runs
 * autocannon (50 connections) against: a bare same-size JSON route (baseline), GET /api/mining
 * (signed in, active session), GET /api/leaderboard and a start/claim cycle.
 * Goals (2 cores): mining ≥ 30 % of baseline with p99 ≤ 25 ms; leaderboard ≥ 50 %;
 * p50 at 1M users within 1.2× of p50 at 10k users.
 */
import { fork } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const USERS = arg("users", 100_000);
const DURATION = arg("duration", 10);
const CONNECTIONS = 50;
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dbName = "fre_bench";

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => done(typeof a === "object" && a ? a.port : 0));
    });
  });
}

async function main() {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.unsafe(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATABASE_URL: url.toString(),
    DATABASE_POOL_MAX: "20",
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: "silent",
    RATE_LIMIT_MAX: "100000000",
    AUTH_RATE_LIMIT_MAX: "100000000",
    ADMIN_DEFAULT_ACCESS_CODE: "bench-admin-code",
  };

  const startServer = (baselineJson: string) =>
    new Promise<ReturnType<typeof fork>>((done, fail) => {
      const child = fork(resolve(import.meta.dirname, "api-server.ts"), {
        env: { ...env, BENCH_BASELINE_JSON: baselineJson },
        execArgv: [
          "--import",
          "tsx",
          ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/fre-prof"] : []),
        ],
      });
      child.once("message", () => done(child));
      child.once("exit", (code) => fail(new Error(`server exited ${code}`)));
    });

  // 1. Migrate (first boot), seed with SQL.
  let server = await startServer("{}");
  const sql = postgres(url.toString(), { max: 4, onnotice: () => {} });
  const t0 = Date.now();
  const batch = 100_000;
  for (let from = 1; from <= USERS; from += batch) {
    const to = Math.min(USERS, from + batch - 1);
    await sql.unsafe(`
      insert into users (id, name, email, email_verified, nickname, referral_code, total_mined, balance)
      select 'seed-' || g, 'seed' || g, 'seed' || g || '@bench.local', true, 'seed' || g,
             'S' || lpad(to_hex(g), 7, '0'), (random() * 1e12)::bigint, 0
      from generate_series(${from}, ${to}) g`);
  }
  await sql.unsafe("analyze users");
  process.stdout.write(`seeded ${USERS} users in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

  // 2. 50 signed-in, verified users with an active session.
  const cookies: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({
        email: `bench${i}@bench.local`,
        password: "Bench!pass1",
        name: `bench${i}`,
        nickname: `bench${i}`,
      }),
    });
    cookies.push(
      response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    );
  }
  await sql`update users set email_verified = true where email like 'bench%@bench.local'`;
  for (const cookie of cookies) {
    await fetch(`${base}/api/mining/start`, { method: "POST", headers: { cookie, origin: base } });
  }
  const sample = await (
    await fetch(`${base}/api/mining`, { headers: { cookie: cookies[0]! } })
  ).text();

  // Restart with a baseline body of the same size as GET /api/mining.
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  server = await startServer(
    JSON.stringify({ padding: "x".repeat(Math.max(0, sample.length - 14)) }),
  );

  let next = 0;
  const run = (title: string, opts: Partial<autocannon.Options>) =>
    new Promise<autocannon.Result>((done, fail) => {
      autocannon(
        {
          url: base,
          connections: CONNECTIONS,
          duration: DURATION,
          setupClient: (client) => {
            client.setHeaders({ cookie: cookies[next++ % cookies.length]!, origin: base });
          },
          ...opts,
          title,
        },
        (error, result) => (error ? fail(error) : done(result)),
      );
    });

  const results: [string, autocannon.Result][] = [];
  results.push([
    "baseline (same-size JSON)",
    await run("baseline", { requests: [{ path: "/bench/baseline" }] }),
  ]);
  results.push(["GET /api/mining", await run("mining", { requests: [{ path: "/api/mining" }] })]);
  results.push([
    "GET /api/leaderboard",
    await run("leaderboard", { requests: [{ path: "/api/leaderboard" }] }),
  ]);
  await sql`update mining_sessions set status = 'stopped' where status = 'active'`;
  results.push([
    "POST start + claim (per pair)",
    await run("cycle", {
      requests: [
        { method: "POST", path: "/api/mining/start" },
        { method: "POST", path: "/api/mining/claim" },
      ],
    }),
  ]);

  const baseRps = results[0]![1].requests.average;
  const lines = [`API bench — ${USERS} users, ${CONNECTIONS} connections, ${DURATION} s each`];
  lines.push("route                              req/s    p50 ms  p99 ms  vs baseline  non-2xx");
  for (const [name, r] of results) {
    lines.push(
      `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(6)}  ${String(r.latency.p50).padStart(6)}  ${String(r.latency.p99).padStart(6)}  ${`${Math.round((100 * r.requests.average) / baseRps)} %`.padStart(10)}  ${String(r.non2xx).padStart(7)}`,
    );
  }
  lines.push("goals: mining ≥ 30 % with p99 ≤ 25 ms; leaderboard ≥ 50 %; p50(1M) ≤ 1.2 × p50(10k)");
  process.stdout.write(`${lines.join("\n")}\n`);

  await sql.end();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
