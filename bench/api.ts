/**
 * API load benchmark on PostgreSQL.
 *   npm run bench:api [-- --users 100000] [--duration 10] [--rounds 5] [--connections 50] [--history 10] [--only mining,leaderboard,cycle,keno,leagues]
 *   npm run bench:api -- --workers 1,2 [--only mining,cycle] [--client wrk]
 *   npm run bench:api -- --only floor[,cycle]   (the machine's floors: one round trip, the
 *     smallest write transaction, on bare routes — references for the routes' figures)
 * With `--workers`, GET /api/mining and the start/claim cycle are measured on the real server
 * (apps/server/src/server.ts, as `npm start` runs it) with WEB_CONCURRENCY=N for each N, in the
 * same run, after the bare baseline route on the bench server; then a reload under load: SIGHUP
 * to the primary during an autocannon run of GET /api/mining (non-2xx and errors must be 0).
 * Seeds N users (SQL generate_series), starts the real server in a child process, then runs
 * autocannon (50 connections) against: a bare same-size JSON route (baseline), GET /api/mining
 * (signed in, active session), GET /api/leaderboard, a start/claim cycle and a Keno bet
 * (POST /api/games/keno/bets: one transaction with the bet, the draw and the payout; the ledger
 * is verified after the run), and GET /api/leagues/current (every user placed in a Bronze group of
 * 50 by SQL with one mining entry this week: the group board is one statement, its plan printed).
 * Goals (2 cores): mining ≥ 30 % of baseline with p99 ≤ 25 ms; leaderboard ≥ 50 %;
 * Keno ≥ 20 % with p99 ≤ 50 ms; p50 at 1M users within 1.2× of p50 at 10k users.
 */
import { type ChildProcess, execFile, fork } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { resolve } from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { MY_GROUP_SQL } from "../apps/server/src/modules/leagues/leagues.repo.ts";
import { isoWeekOf } from "../apps/server/src/modules/leagues/leagues.week.ts";
import {
  arg,
  args,
  benchServerEnv,
  freePort,
  freshDatabase,
  ledgerVerify,
  seedMiningHistory,
  startRealServer,
} from "./bench-setup.ts";
import { median } from "./stats.ts";

const USERS = arg("users", 100_000);
const DURATION = arg("duration", 10);
/** Rounds per route; every printed figure is its median over the rounds. */
const ROUNDS = arg("rounds", 5);
const ONLY = (() => {
  const i = args.indexOf("--only");
  return i >= 0 ? new Set(args[i + 1]!.split(",")) : null;
})();
const wanted = (name: string) => !ONLY || ONLY.has(name);
/** `--workers 1,2`: the worker counts to measure the real server with (see above). */
const WORKERS = (() => {
  const i = args.indexOf("--workers");
  return i >= 0 ? args[i + 1]!.split(",").map(Number) : null;
})();
/** The machine's load average (1 and 5 min): a figure measured beside others' work says so. */
const load = () =>
  loadavg()
    .slice(0, 2)
    .map((x) => x.toFixed(1))
    .join("/");
/** `--connections N`: concurrent clients, each a signed-in bench user (default 50). */
const CONNECTIONS = arg("connections", 50);
/** `--client wrk` (needs `apt-get install wrk`): see measureWorkers. */
const CLIENT = (() => {
  const i = args.indexOf("--client");
  return i >= 0 ? args[i + 1]! : "autocannon";
})();
const dbName = "fre_bench";
/** `--history D`: days of past mining (a session and a notice a day) every user starts with. */
const HISTORY_DAYS = arg("history", 10);

async function main() {
  const databaseUrl = await freshDatabase(dbName);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = benchServerEnv(databaseUrl, port, {
    // The server's own default pool unless BENCH_POOL_MAX says otherwise.
    ...(process.env.BENCH_POOL_MAX ? { DATABASE_POOL_MAX: process.env.BENCH_POOL_MAX } : {}),
    GAME_PLAYS_PER_MINUTE: "100000",
    ADMIN_DEFAULT_ACCESS_CODE: "bench-admin-code",
  });

  const startServer = (baselineJson: string) =>
    new Promise<ReturnType<typeof fork>>((done, fail) => {
      const child = fork(resolve(import.meta.dirname, "api-server.ts"), {
        env: { ...env, BENCH_BASELINE_JSON: baselineJson },
        execArgv: [
          "--import",
          "tsx",
          ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/fre-prof"] : []),
          // Extra Node flags for the server (e.g. BENCH_NODE_ARGS="--max-semi-space-size=32").
          ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
        ],
      });
      // A bench that fails must not leave its server running (it holds the output pipe open).
      process.once("exit", () => child.kill("SIGKILL"));
      child.once("message", () => done(child));
      child.once("exit", (code) => fail(new Error(`server exited ${code}`)));
    });

  // 1. Migrate (first boot), seed with SQL.
  let server = await startServer("{}");
  const sql = postgres(databaseUrl, { max: 4, onnotice: () => {} });
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
  // A history, as an active user base has: every user mined the last HISTORY_DAYS days (one
  // claimed session a day) and kept a notice of each. Statistics (`vacuum analyze` before each
  // route) then describe tables of a running service, not empty ones: PostgreSQL plans the
  // prepared statements from them, and plans made on empty tables scan what indexes would probe.
  const t1 = Date.now();
  await seedMiningHistory(sql, HISTORY_DAYS);
  process.stdout.write(
    `history: ${HISTORY_DAYS} claimed sessions and notices per user in ${((Date.now() - t1) / 1000).toFixed(1)} s\n`,
  );
  /**
   * Every bench user mining: a fresh active session each. The cycle leaves them claimed, and
   * its last in-flight starts may still land after autocannon stops: settle, then retry a 409.
   */
  const stopActive = (i: number) => sql`
    update mining_sessions set status = 'stopped'
    where status = 'active'
      and user_id = (select id from users where email = ${`bench${i}@bench.local`})`;
  const startAll = async () => {
    await new Promise((r) => setTimeout(r, 500));
    for (const [i, cookie] of cookies.entries()) {
      for (let attempt = 1; ; attempt++) {
        await stopActive(i);
        const response = await fetch(`${base}/api/mining/start`, {
          method: "POST",
          headers: { cookie, origin: base },
        });
        if (response.ok) break;
        if (response.status !== 409 || attempt === 5) {
          throw new Error(`start failed: ${response.status} ${await response.text()}`);
        }
      }
    }
  };
  await startAll();
  const sample = await (
    await fetch(`${base}/api/mining`, { headers: { cookie: cookies[0]! } })
  ).text();

  // Restart with a baseline body of the same size as GET /api/mining.
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  server = await startServer(
    JSON.stringify({ padding: "x".repeat(Math.max(0, sample.length - 14)) }),
  );

  const statuses = new Map<string, number>();
  const tally = (status: number, body: string) => {
    if (status < 300) return;
    const key = `${status} ${body.slice(0, 80)}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };
  let next = 0;
  // Each connection is one signed-in user: its cookie rides on every request of its sequence
  // (autocannon's setHeaders would only reach the first request of a multi-request sequence).
  // autocannon clears a connection's context whenever its sequence starts over, so a sequence of
  // several requests (start, claim) takes a user no other connection holds, and gives it back
  // with its last answer: two connections never play one user's start and claim at once (they
  // did, taking turns: the 409s "session already active" / "no session" of earlier runs).
  // One-request runs take the next user in turn.
  const signedIn = (
    request: autocannon.Request,
    sequence?: { free: string[]; last: boolean },
  ): autocannon.Request => ({
    ...request,
    setupRequest: (req, context) => {
      const user = context as { cookie?: string };
      user.cookie ??= sequence?.free.pop() ?? cookies[next++ % cookies.length]!;
      return { ...req, headers: { ...req.headers, cookie: user.cookie, origin: base } };
    },
    ...(sequence?.last
      ? {
          onResponse: (status: number, body: string, context: unknown) => {
            const own = request.onResponse as ((s: number, b: string) => void) | undefined;
            own?.(status, body);
            const { cookie } = context as { cookie?: string };
            if (cookie) sequence.free.unshift(cookie);
          },
        }
      : {}),
  });
  const signedInSequence = (requests: autocannon.Request[]) => {
    if (requests.length === 1) return requests.map((r) => signedIn(r));
    // A run's own pool of free users (requests cut off by the previous run's end gave none back).
    const free = [...cookies];
    return requests.map((r, i) => signedIn(r, { free, last: i === requests.length - 1 }));
  };
  const run = (
    title: string,
    opts: Partial<autocannon.Options> & { requests: autocannon.Request[] },
  ) =>
    new Promise<autocannon.Result>((done, fail) => {
      autocannon(
        {
          url: base,
          connections: CONNECTIONS,
          duration: DURATION,
          ...opts,
          requests: signedInSequence(opts.requests),
          title,
        },
        (error, result) => (error ? fail(error) : done(result)),
      );
    });

  // Machine speed drifts on a shared 2-core box, so every route is measured right after its own
  // baseline run, both after a short warm-up, and compared with that adjacent baseline.
  const baselineRequest = { requests: [{ path: "/bench/baseline" }] };
  const measure = async (
    title: string,
    opts: { requests: autocannon.Request[] },
    reset: () => Promise<unknown> = async () => {},
  ) => {
    // The previous route's writes (the cycle's above all) would otherwise bring autovacuum into
    // the middle of this measurement: every route starts from a vacuumed, analysed database,
    // its dirty pages written (else the seeding's checkpoint can land in the first route).
    await sql`vacuum analyze`;
    await sql`checkpoint`;
    await reset();
    await run(`${title} warm-up`, { ...opts, duration: 1 });
    // The warm-up's notices are delivered before the baseline runs, not during it.
    await outboxDrained();
    await run("baseline warm-up", { ...baselineRequest, duration: 1 });
    const baseline = await run("baseline", baselineRequest);
    await reset();
    const result = await run(title, opts);
    const drainMs = await outboxDrained();
    return { baseline, result, drainMs };
  };
  /**
   * Waits until the outbox has delivered every effect the run recorded (the claims' notices);
   * answers how long that took after the run's end. A route whose deliveries lag behind its
   * requests is not counted faster than it delivers: its req/s is over the run and the drain.
   */
  const outboxDrained = async () => {
    const t0 = Date.now();
    while (Date.now() - t0 < 120_000) {
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from outbox_effects where delivered_at is null`;
      if (row!.n === 0) return Date.now() - t0;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("the outbox did not drain within 120 s");
  };
  /** Requests a second over the run and the drain of its outbox effects. */
  const sustained = (result: autocannon.Result, drainMs: number) =>
    result.requests.total / (result.duration + drainMs / 1000);
  type Round = {
    baseline: autocannon.Result;
    result: autocannon.Result;
    drainMs: number;
    ratio: number;
  };
  const routes: { name: string; measure: () => Promise<Omit<Round, "ratio">> }[] = [];
  if (wanted("mining")) {
    routes.push({
      name: "GET /api/mining",
      measure: () => measure("mining", { requests: [{ path: "/api/mining" }] }, startAll),
    });
  }
  if (wanted("leaderboard")) {
    routes.push({
      name: "GET /api/leaderboard",
      measure: () => measure("leaderboard", { requests: [{ path: "/api/leaderboard" }] }),
    });
  }
  if (wanted("cycle")) {
    const reset = async () => {
      await new Promise((r) => setTimeout(r, 500));
      await sql`update mining_sessions set status = 'stopped' where status = 'active'`;
    };
    routes.push({
      name: "POST start + claim",
      measure: () =>
        measure(
          "cycle",
          {
            requests: [
              { method: "POST", path: "/api/mining/start", onResponse: tally },
              { method: "POST", path: "/api/mining/claim", onResponse: tally },
            ],
          },
          reset,
        ),
    });
  }
  if (ONLY?.has("floor")) {
    // Only when asked: reference figures of the machine, not routes of the app.
    routes.push(
      {
        name: "floor: 1 read",
        measure: () => measure("floor read", { requests: [{ path: "/bench/floor/read" }] }),
      },
      {
        name: "floor: 1 write tx",
        measure: () =>
          measure("floor write", {
            requests: [{ method: "POST", path: "/bench/floor/write", onResponse: tally }],
          }),
      },
    );
  }
  if (wanted("keno")) {
    // Every bench user gets 1 000 000 FRE through the ledger (entry + balance, as a credit
    // does), so `ledger:verify` holds after the run; bets of 1 FRE never run out.
    await sql`
      with funded as (
        insert into ledger_entries (user_id, kind, amount_nano, reference, created_at)
        select id, 'bonus', 1000000000000000, 'bench-keno:' || id, now()
        from users where email like 'bench%@bench.local'
        on conflict do nothing returning user_id, amount_nano
      )
      update users u set balance = u.balance + f.amount_nano from funded f where u.id = f.user_id`;
    routes.push({
      name: "POST keno bet",
      measure: () =>
        measure("keno", {
          requests: [
            {
              method: "POST",
              path: "/api/games/keno/bets",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ amount: "1", picks: [3, 11, 19, 27, 35], risk: "classic" }),
              onResponse: tally,
            },
          ],
        }),
    });
  }
  if (wanted("leagues")) {
    // Every user (the bench users among them, spread by id) in this ISO week's Bronze groups of
    // 50, each with one mining entry this week, through the ledger (entry + balance + total).
    const t1 = Date.now();
    const week = isoWeekOf(new Date());
    await sql`insert into league_weeks (week, starts_at, ends_at)
      values (${week.week}, ${week.startsAt}, ${week.endsAt}) on conflict do nothing`;
    await sql`
      insert into league_members (week, user_id, league, group_no, joined_at)
      select ${week.week}, id, 'bronze', ((row_number() over (order by id)) - 1) / 50 + 1, now()
      from users on conflict do nothing`;
    await sql`
      with mined as (
        insert into ledger_entries (user_id, kind, amount_nano, reference, created_at)
        select id, 'mining', (random() * 1e9)::bigint, 'bench-league:' || id,
          greatest(${week.startsAt}::timestamptz, now() - random() * interval '1 hour')
        from users on conflict do nothing returning user_id, amount_nano
      )
      update users u set balance = u.balance + m.amount_nano,
        total_mined = u.total_mined + m.amount_nano
      from mined m where u.id = m.user_id`;
    await sql`analyze league_members`;
    await sql`analyze ledger_entries`;
    process.stdout.write(
      `leagues: ${USERS} members and mining entries seeded in ${((Date.now() - t1) / 1000).toFixed(1)} s\n`,
    );
    routes.push({
      name: "GET /api/leagues/current",
      measure: () => measure("leagues", { requests: [{ path: "/api/leagues/current" }] }),
    });
  }
  if (WORKERS) {
    await measureWorkers({
      server,
      sql,
      run,
      startAll,
      env,
      port,
      tally,
      statuses,
      cookies,
      outboxDrained,
      sustained,
    });
    await sql.end();
    return;
  }
  const rounds = new Map<string, Round[]>(routes.map((r) => [r.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const route of routes) {
      const { baseline, result, drainMs } = await route.measure();
      const ratio = sustained(result, drainMs) / baseline.requests.average;
      rounds.get(route.name)!.push({ baseline, result, drainMs, ratio });
    }
  }
  // Every figure is its own median over the rounds (a single round's p99 swings with the
  // machine's speed); the ranges show the spread of the ratio and of the route's p99.
  const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
  const results = routes.map(({ name }) => {
    const all = rounds.get(name)!;
    const of = (pick: (round: Round) => number) => all.map(pick);
    return {
      name,
      // Over the run and its outbox drain (the same as during the run for a route without one).
      reqs: median(of((x) => sustained(x.result, x.drainMs))),
      drainS: median(of((x) => x.drainMs / 1000)),
      p50: median(of((x) => x.result.latency.p50)),
      p99s: of((x) => x.result.latency.p99),
      baseReqs: median(of((x) => x.baseline.requests.average)),
      baseP50: median(of((x) => x.baseline.latency.p50)),
      baseP99: median(of((x) => x.baseline.latency.p99)),
      ratios: of((x) => Math.round(100 * x.ratio)),
      non2xx: all.reduce((sum, x) => sum + x.result.non2xx, 0),
    };
  });

  // The fastest baseline run of the whole bench: a goal must hold against it too (issue 23: the
  // machine's speed drifts, and an adjacent slow baseline flatters the ratio).
  const fastest = Math.max(
    ...[...rounds.values()].flatMap((all) => all.map((x) => x.baseline.requests.average)),
  );
  const lines = [
    `API bench — ${USERS} users, ${CONNECTIONS} connections, ${DURATION} s each, pool ${env.DATABASE_POOL_MAX ?? "default"}; medians of ${ROUNDS} round(s) (ranges); load ${load()}`,
  ];
  lines.push(
    "route                     req/s  p50 ms  p99 ms (range) | baseline req/s  p50  p99 | vs baseline (range)   non-2xx  drain s",
  );
  for (const r of results) {
    const cells = [
      r.name.padEnd(22),
      String(Math.round(r.reqs)).padStart(8),
      String(r.p50).padStart(7),
      `${median(r.p99s)} (${range(r.p99s)})`.padStart(14),
      "|",
      String(Math.round(r.baseReqs)).padStart(14),
      String(r.baseP50).padStart(4),
      String(r.baseP99).padStart(4),
      "|",
      `${median(r.ratios)} % (${range(r.ratios)} %)`.padStart(20),
      String(r.non2xx).padStart(8),
      r.drainS.toFixed(1).padStart(8),
    ];
    lines.push(cells.join(" "));
  }
  lines.push(`fastest baseline run: ${Math.round(fastest)} req/s; against it:`);
  for (const r of results) {
    lines.push(`  ${r.name.padEnd(22)} ${Math.round((100 * r.reqs) / fastest)} %`);
  }
  lines.push(
    "goals: mining ≥ 30 % with p99 ≤ 25 ms; leaderboard ≥ 50 %; keno ≥ 20 % with p99 ≤ 50 ms; p50(1M) ≤ 1.2 × p50(10k)",
  );
  lines.push(
    "req/s: the run's requests over its duration and the drain, the time the outbox took after the run to deliver what it recorded",
  );
  for (const [key, count] of statuses) lines.push(`non-2xx: ${count} × ${key}`);
  if (wanted("leagues")) {
    // The group board's plan for one bench user: one statement, index scans only.
    const week = isoWeekOf(new Date());
    const [bench] = await sql<{ id: string }[]>`
      select id from users where email = 'bench0@bench.local'`;
    const plan = await sql.unsafe<{ "QUERY PLAN": string }[]>(
      `explain (analyze, buffers, costs off) ${MY_GROUP_SQL}`,
      [week.week, bench!.id, week.startsAt.toISOString(), week.endsAt.toISOString()],
    );
    lines.push("GET /api/leagues/current — the group board (EXPLAIN ANALYZE):");
    for (const row of plan) lines.push(`  ${row["QUERY PLAN"]}`);
  }
  if (wanted("keno")) {
    const [bets] = await sql<{ count: number }[]>`
      select count(*)::int as count from game_bets where game = 'keno'`;
    lines.push(`keno bets recorded: ${bets?.count ?? 0}`);
    lines.push(await ledgerVerify(env));
  }
  process.stdout.write(`${lines.join("\n")}\n`);

  await sql.end();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
}

type Run = (
  title: string,
  opts: Partial<autocannon.Options> & { requests: autocannon.Request[] },
) => Promise<autocannon.Result>;

/**
 * `--workers`: the bare baseline on the bench server (one process), then GET /api/mining and the
 * start/claim cycle on the real server with WEB_CONCURRENCY=N for each N, ROUNDS rounds of every N
 * in turn, then a reload under load on the last N. Prints every run's figures and the load average beside them.
 */
async function measureWorkers(b: {
  server: ChildProcess;
  sql: postgres.Sql;
  run: Run;
  startAll: () => Promise<void>;
  env: NodeJS.ProcessEnv;
  port: number;
  tally: (status: number, body: string) => void;
  statuses: Map<string, number>;
  cookies: string[];
  /** Waits for the outbox to deliver what the runs recorded; answers how long it took. */
  outboxDrained: () => Promise<number>;
  /** Requests a second over the run and its outbox's drain. */
  sustained: (result: autocannon.Result, drainMs: number) => number;
}) {
  const { sql } = b;
  const base = `http://127.0.0.1:${b.port}`;
  // `--client wrk`: GET runs by wrk (C, one thread), which leaves the server more of the two cores
  // than autocannon (~50 % of a core); POST sequences (the cycle) stay on autocannon.
  const run: Run = (title, opts) =>
    CLIENT === "wrk" && opts.requests.length === 1 && !opts.requests[0]!.method
      ? runWrk({
          base,
          path: opts.requests[0]!.path!,
          cookies: b.cookies,
          duration: Number(opts.duration ?? DURATION),
        })
      : b.run(title, opts);
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    process.stdout.write(`${line}\n`);
  };
  const settle = async () => {
    await sql`vacuum analyze`;
    await sql`checkpoint`;
  };
  const range = (values: number[]) =>
    `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;

  // The bare route's figure, for scale (the real server has no such route).
  const baselines: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await settle();
    await run("baseline warm-up", { requests: [{ path: "/bench/baseline" }], duration: 1 });
    const result = await run("baseline", { requests: [{ path: "/bench/baseline" }] });
    baselines.push(result.requests.average);
    say(
      `baseline (bench server, 1 process) round ${round + 1}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, load ${load()}`,
    );
  }
  b.server.kill("SIGTERM");
  await new Promise((r) => b.server.once("exit", r));

  const cycleReset = async () => {
    await new Promise((r) => setTimeout(r, 500));
    await sql`update mining_sessions set status = 'stopped' where status = 'active'`;
  };
  const routes = [
    ...(wanted("mining")
      ? [{ name: "GET /api/mining", requests: [{ path: "/api/mining" }], reset: b.startAll }]
      : []),
    ...(wanted("cycle")
      ? [
          {
            name: "POST start + claim",
            requests: [
              { method: "POST" as const, path: "/api/mining/start", onResponse: b.tally },
              { method: "POST" as const, path: "/api/mining/claim", onResponse: b.tally },
            ],
            reset: cycleReset,
          },
        ]
      : []),
  ];
  const figures = new Map<string, { reqs: number[]; p99s: number[]; non2xx: number }>();
  let real: ChildProcess | null = null;
  // Rounds interleave the worker counts (1, 2, 1, 2, …: a fresh server each time), so each
  // round's figures are minutes apart, not a whole phase: this machine's speed drifts by tens of
  // percent within a run, and "vs 1 worker" is the median of each round's own ratio.
  for (let round = 0; round < ROUNDS; round++) {
    for (const workers of WORKERS!) {
      real = await startRealServer(b.env, base, workers);
      for (const route of routes) {
        await settle();
        await route.reset();
        await run(`${route.name} warm-up`, { requests: route.requests, duration: 1 });
        await b.outboxDrained();
        await route.reset();
        const cpuBefore = machineCpu();
        const result = await run(route.name, { requests: route.requests });
        const busy = machineBusy(cpuBefore, machineCpu());
        // Counted over the run and the delivery of what it recorded (the claims' notices).
        const drainMs = await b.outboxDrained();
        const reqs = b.sustained(result, drainMs);
        const key = `${workers} ${route.name}`;
        const f = figures.get(key) ?? { reqs: [], p99s: [], non2xx: 0 };
        f.reqs.push(reqs);
        f.p99s.push(result.latency.p99);
        f.non2xx += result.non2xx + result.errors;
        figures.set(key, f);
        say(
          `${workers} worker(s) ${route.name} round ${round + 1}: ${Math.round(reqs)} req/s (outbox drained ${(drainMs / 1000).toFixed(1)} s after the run), p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}, load ${load()}, machine CPU ${busy} busy`,
        );
      }
      // The last server of the last round stays for the reload under load.
      if (round < ROUNDS - 1 || workers !== WORKERS!.at(-1)) {
        await stopServer(real);
        real = null;
      }
    }
  }

  // A reload under load: SIGHUP to the primary a third into each run.
  const reloads: string[] = [];
  if (real && wanted("reload")) {
    const last = WORKERS!.at(-1)!;
    for (let round = 0; round < Math.max(2, ROUNDS); round++) {
      await b.startAll();
      const duration = Math.max(DURATION, 10);
      const sighup = setTimeout(() => real?.kill("SIGHUP"), (duration * 1000) / 3);
      const before = new Map(b.statuses);
      const result = await run("reload under load", {
        requests: [{ path: "/api/mining", onResponse: b.tally }],
        duration,
      });
      clearTimeout(sighup);
      const codes = [...b.statuses]
        .filter(([key, n]) => n !== (before.get(key) ?? 0))
        .map(([key, n]) => `${n - (before.get(key) ?? 0)} × ${key}`);
      const line = `reload under load (${last} workers, SIGHUP at ${(duration / 3).toFixed(1)} s of ${duration} s) round ${round + 1}: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}, resets ${result.resets}${codes.length ? ` (${codes.join("; ")})` : ""}, load ${load()}`;
      reloads.push(line);
      say(line);
      // The reload replaces workers one at a time: let it end before the next round.
      await new Promise((r) => setTimeout(r, 8000));
      if (real.exitCode !== null) {
        say(`the server exited (code ${real.exitCode}) after SIGHUP: no reload support`);
        real = null;
        break;
      }
    }
  }
  if (real) await stopServer(real);

  say("");
  say(
    `Workers — ${USERS} users, ${CONNECTIONS} connections, ${DURATION} s each, medians of ${ROUNDS} round(s) (ranges); baseline (bare route, 1 process) ${Math.round(median(baselines))} req/s (${range(baselines)})`,
  );
  say(
    "workers  route                     req/s (range)          p99 ms (range)   vs 1 worker (range)  vs baseline  non-2xx+errors",
  );
  for (const route of routes) {
    const one = figures.get(`${WORKERS![0]} ${route.name}`);
    for (const workers of WORKERS!) {
      const f = figures.get(`${workers} ${route.name}`);
      if (!f) continue;
      const reqs = median(f.reqs);
      // Each round's ratio to the first worker count's run of the same round (minutes apart).
      const ratios = one ? f.reqs.map((r, i) => r / one.reqs[i]!) : [];
      say(
        [
          String(workers).padStart(7),
          ` ${route.name}`.padEnd(22),
          `${Math.round(reqs)} (${range(f.reqs)})`.padStart(20),
          `${median(f.p99s)} (${range(f.p99s)})`.padStart(16),
          (one
            ? `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`
            : "—"
          ).padStart(20),
          `${Math.round((100 * reqs) / median(baselines))} %`.padStart(12),
          String(f.non2xx).padStart(15),
        ].join(" "),
      );
    }
  }
  for (const line of reloads) say(line);
  for (const [key, count] of b.statuses) say(`non-2xx: ${count} × ${key}`);
}

/**
 * The real server (`npm run serve`'s entry) with WEB_CONCURRENCY=workers, ready once it answers
 * /api/health/live and its workers had a moment to boot (they warm up in parallel).
 */

/**
 * One wrk run of GET `path` with 50 connections on one thread, each request signed in as the
 * next bench user in turn; returns the few autocannon figures the workers bench prints.
 */
async function runWrk(o: { base: string; path: string; cookies: string[]; duration: number }) {
  const script = resolve(tmpdir(), `fre-bench-${process.pid}.lua`);
  writeFileSync(
    script,
    `local cookies = {${o.cookies.map((c) => JSON.stringify(c)).join(",")}}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", ${JSON.stringify(o.path)}, { cookie = cookies[(i % #cookies) + 1], origin = ${JSON.stringify(o.base)} })
end
done = function(s, latency)
  io.write(string.format("FRE %d %d %d %d %d %d %d %d\\n", s.requests, s.duration, latency:percentile(99), latency.max,
    s.errors.status, s.errors.connect + s.errors.read + s.errors.write, s.errors.timeout, 0))
end
`,
  );
  const stdout = await new Promise<string>((done, fail) =>
    execFile(
      "wrk",
      ["-t1", `-c${CONNECTIONS}`, `-d${o.duration}s`, "--timeout", "5s", "-s", script, o.base],
      (error, out) => (error ? fail(error) : done(out)),
    ),
  );
  const figures = stdout
    .match(/^FRE (.*)$/m)?.[1]
    ?.split(" ")
    .map(Number);
  if (!figures) throw new Error(`wrk printed no figures: ${stdout}`);
  const [total, micros, p99, max, non2xx, errors, timeouts] = figures as number[];
  return {
    requests: { average: (total! * 1e6) / micros!, total: total! },
    duration: micros! / 1e6,
    latency: { p99: Math.round(p99! / 1000), max: Math.round(max! / 1000) },
    non2xx: non2xx!,
    errors: errors!,
    timeouts: timeouts!,
    resets: 0,
  } as unknown as autocannon.Result;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** The machine's CPU time counters (all cores, /proc/stat): busy and total jiffies. */
function machineCpu() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

/** The share of the machine's CPU (every core) busy between two readings, as "93 %". */
function machineBusy(a: ReturnType<typeof machineCpu>, b: ReturnType<typeof machineCpu>) {
  return `${Math.round((100 * (b.busy - a.busy)) / Math.max(1, b.total - a.total))} %`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
