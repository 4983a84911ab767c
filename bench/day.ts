/**
 * A day of FRE, replayed against the real server on PostgreSQL.
 *   npm run bench:day [-- --users 10000 --speedup 144 --hours 24 --workers 1 --seed 1]
 * N users exist (SQL; each a returning user with a session, as a signed cookie), with a mining
 * history; most left a session running that ended overnight. Then the day: about 60 % of the
 * users come, 1–6 times each, at hours drawn from an evening-heavy curve, and each visit does
 * what the app's screens do — a sign-in for some (password, through Better Auth), the dashboard
 * reads (me, mining, daily, notifications) with the live stream open, a claim and a new start
 * when the session ended, the daily reward on the first visit, the leaderboard and the league
 * for some, and a few Keno or Dice bets of 0,01 FRE for the players. Simulated time runs
 * `--speedup` times faster than the clock (144: a day in 10 minutes); think times shrink alike.
 * `--hours H` replays the day's first H hours only (a quick run).
 * Prints: requests and throughput (mean and the busiest simulated hour), p50/p99/max and
 * refusals/errors per route, the live streams, the database's busiest statements
 * (pg_stat_statements, when PostgreSQL loads it) and `ledger:verify` at the end.
 * Goals (2 cores, 10 000 users): no 5xx and no network error; p99 ≤ 100 ms for reads and
 * ≤ 250 ms for writes; the ledger verified.
 */
import { loadavg } from "node:os";
import postgres from "postgres";
import {
  arg,
  benchServerEnv,
  freePort,
  freshDatabase,
  ledgerVerify,
  seedMiningHistory,
  signedSessionCookie,
  startRealServer,
} from "./bench-setup.ts";

const USERS = arg("users", 10_000);
const SPEEDUP = arg("speedup", 144);
const HOURS = Math.min(24, arg("hours", 24));
const WORKERS = arg("workers", 1);
const SEED = arg("seed", 1);
/** A bet: the admin's minimum, lowered for the day (see the seeding). */
const BET = "0.01";
/** Share of the users who sign in with their password today (the others are still signed in). */
const SIGN_IN_SHARE = arg("sign-ins", 0.1);
const PASSWORD = "Bench!day-pass1";
const dbName = "fre_bench_day";
const secret = "day-bench-secret-".padEnd(48, "x");

/** A small deterministic generator (mulberry32), so two runs replay the same day. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(SEED);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

/** An hour of the day, evening-heavy: traffic at 20:00 is ~4 × that at 05:00. */
function hourOfVisit(): number {
  for (;;) {
    const h = random() * 24;
    const density = 0.25 + 0.75 * ((1 + Math.cos((2 * Math.PI * (h - 20)) / 24)) / 2);
    if (random() < density) return h;
  }
}

interface User {
  index: number;
  cookie: string;
  email: string;
  signsIn: boolean;
  /** What the user's mining session is, as the bench last saw it. */
  mining: "ended" | "running" | "none";
  /** FRE the user can bet (claims this day add to it). */
  canBet: boolean;
  claimedDaily: boolean;
}

interface Visit {
  at: number;
  user: User;
  first: boolean;
  plays: boolean;
  boards: boolean;
}

/** Every request's figures, by route. */
const figures = new Map<string, { ms: number[]; refused: Map<number, number>; errors: number }>();
/** Requests per simulated hour. */
const perHour = new Array<number>(24).fill(0);
let streamsOpen = 0;
let streamsMax = 0;
let streamsOpened = 0;
let streamErrors = 0;

function record(route: string, ms: number, status: number, at: number) {
  let f = figures.get(route);
  if (!f) {
    f = { ms: [], refused: new Map(), errors: 0 };
    figures.set(route, f);
  }
  perHour[Math.min(23, Math.floor(at))]!++;
  if (status === 0 || status >= 500) f.errors++;
  else if (status >= 400) f.refused.set(status, (f.refused.get(status) ?? 0) + 1);
  else f.ms.push(ms);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function main() {
  const databaseUrl = await freshDatabase(dbName);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = benchServerEnv(databaseUrl, port, {
    AUTH_SECRET: secret,
    // One machine is every user's address: the per-address guard and the sign-in limit per
    // address are lifted (benchServerEnv); each user keeps the default fair share and bet pace.
    ADMIN_DEFAULT_ACCESS_CODE: "bench-admin-code",
  });
  delete env.USER_RATE_LIMIT_MAX;

  // 1. The schema (the server migrates at its first boot), then the users in SQL.
  let server = await startRealServer(env, base, 1);
  const sql = postgres(databaseUrl, { max: 4, onnotice: () => {} });
  const t0 = Date.now();
  // One account through the API gives the password hash every signing-in user gets.
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({
      email: "model@bench.local",
      password: PASSWORD,
      name: "model",
      nickname: "model",
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const [model] = await sql<{ password: string }[]>`
    select a.password from accounts a join users u on u.id = a.user_id
    where u.email = 'model@bench.local' and a.provider_id = 'credential'`;
  await sql.unsafe(`
    insert into users (id, name, email, email_verified, nickname, referral_code)
    select 'day-' || g, 'day' || g, 'day' || g || '@bench.local', true, 'day' || g,
           'D' || lpad(to_hex(g), 7, '0')
    from generate_series(1, ${USERS}) g`);
  await sql`
    insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select 'day-account-' || g, 'day-' || g, 'credential', 'day-' || g, ${model!.password},
           now(), now()
    from generate_series(1, ${USERS}::int) g`;
  const tokens = await sql<{ token: string }[]>`
    insert into sessions (id, token, user_id, expires_at)
    select 'day-session-' || g, md5(random()::text || g) || md5(random()::text), 'day-' || g,
           now() + interval '7 days'
    from generate_series(1, ${USERS}::int) g
    order by g
    returning token`;
  await seedMiningHistory(sql, 7);
  // Last night's sessions: 70 % ended unclaimed (claimed today), 20 % still running, 10 % none.
  const users: User[] = tokens.map((t, i) => {
    const r = random();
    return {
      index: i + 1,
      cookie: signedSessionCookie(secret, t.token),
      email: `day${i + 1}@bench.local`,
      signsIn: random() < SIGN_IN_SHARE,
      mining: r < 0.7 ? "ended" : r < 0.9 ? "running" : "none",
      canBet: false,
      claimedDaily: false,
    };
  });
  for (const state of ["ended", "running"] as const) {
    const ids = users.filter((u) => u.mining === state).map((u) => `day-${u.index}`);
    // Ended: started 25–29 h ago; running: started 6–10 h ago.
    const startedAgo = state === "ended" ? 25 : 6;
    await sql`
      insert into mining_sessions (user_id, status, start_time, end_time, base_rate_nano,
        rate_nano, segment_start, accrued_nano, rate_checked_at)
      select id, 'active', s.t, s.t + interval '24 hours', 1000000, 1000000, s.t, 0, s.t
      from unnest(${ids}::text[]) id,
        lateral (select now() - make_interval(hours => ${startedAgo}) - random() * interval '4 hours') s(t)`;
  }
  // A day's claim is a few hundredths of a FRE: players bet a hundredth (the admin's minimum
  // lowered to it), or every bet would be refused for want of funds.
  await sql`
    insert into app_settings (key, value)
    values ('game_bet_limits', ${sql.json({ minBetNano: "10000000", maxBetNano: "10000000000000" })})
    on conflict (key) do update set value = excluded.value`;
  await sql.unsafe("vacuum analyze");
  process.stdout.write(`seeded ${USERS} users in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

  // The day's statements only.
  let statements = false;
  try {
    await sql`create extension if not exists pg_stat_statements`;
    await sql`select pg_stat_statements_reset()`;
    statements = true;
  } catch {
    // Not loaded (shared_preload_libraries): said in the output.
  }
  // A fresh server: its caches and prepared statements start as a restarted service's do.
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  server = await startRealServer(env, base, WORKERS);

  // 2. The day's visits.
  const visits: Visit[] = [];
  for (const user of users) {
    if (random() >= 0.6) continue;
    const count = Math.min(6, 1 + Math.floor(-Math.log(1 - random()) * 1.5));
    const hours = Array.from({ length: count }, hourOfVisit).sort((a, b) => a - b);
    const plays = random() < 0.35;
    for (const [i, at] of hours.entries()) {
      if (at >= HOURS) continue;
      visits.push({
        at,
        user,
        first: i === 0,
        plays: plays && random() < 0.6,
        boards: random() < 0.3,
      });
    }
  }
  visits.sort((a, b) => a.at - b.at);

  /** Sim hours → wall milliseconds from the start. */
  const wall = (hours: number) => (hours * 3_600_000) / SPEEDUP;
  const started = Date.now();
  const simNow = () => ((Date.now() - started) * SPEEDUP) / 3_600_000;
  const pause = (simSeconds: number) =>
    new Promise((r) => setTimeout(r, (simSeconds * 1000) / SPEEDUP));

  async function call(route: string, user: User, method: string, path: string, body?: unknown) {
    const t = performance.now();
    const at = simNow();
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          cookie: user.cookie,
          origin: base,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      record(route, performance.now() - t, response.status, at);
      return { status: response.status, body: text };
    } catch {
      record(route, performance.now() - t, 0, at);
      return { status: 0, body: "" };
    }
  }

  function openStream(user: User) {
    const controller = new AbortController();
    streamsOpened++;
    fetch(`${base}/api/events`, {
      headers: { cookie: user.cookie, accept: "text/event-stream" },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) {
          streamErrors++;
          return;
        }
        streamsOpen++;
        streamsMax = Math.max(streamsMax, streamsOpen);
        try {
          // Events are read and dropped; the bench counts the streams.
          const reader = response.body!.getReader();
          while (!(await reader.read()).done) {}
        } catch {
          // Closed by the visit's end.
        } finally {
          streamsOpen--;
        }
      })
      .catch(() => {
        if (!controller.signal.aborted) streamErrors++;
      });
    return () => controller.abort();
  }

  async function visit(v: Visit) {
    const u = v.user;
    if (v.first && u.signsIn) {
      const t = performance.now();
      const at = simNow();
      const response = await fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email: u.email, password: PASSWORD }),
      }).catch(() => null);
      await response?.text();
      record("POST sign-in", performance.now() - t, response?.status ?? 0, at);
      const cookie = response?.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      if (response?.ok && cookie) u.cookie = cookie;
    }
    const close = openStream(u);
    await Promise.all([
      call("GET /api/me", u, "GET", "/api/me"),
      call("GET /api/mining", u, "GET", "/api/mining"),
      call("GET /api/daily", u, "GET", "/api/daily"),
      call("GET /api/notifications", u, "GET", "/api/notifications"),
    ]);
    await pause(5 + random() * 10);
    if (u.mining === "ended") {
      const claim = await call("POST /api/mining/claim", u, "POST", "/api/mining/claim");
      if (claim.status === 200) u.canBet = true;
      u.mining = "none";
      await pause(2);
    }
    if (u.mining === "none") {
      const start = await call("POST /api/mining/start", u, "POST", "/api/mining/start");
      if (start.status === 200 || start.status === 409) u.mining = "running";
    }
    if (v.first && !u.claimedDaily && random() < 0.8) {
      await pause(3);
      await call("POST /api/daily/claim", u, "POST", "/api/daily/claim", {
        timeZone: "Europe/Paris",
      });
      u.claimedDaily = true;
    }
    if (v.boards) {
      await pause(5);
      await Promise.all([
        call("GET /api/leaderboard", u, "GET", "/api/leaderboard"),
        call("GET /api/leagues/current", u, "GET", "/api/leagues/current"),
      ]);
    }
    if (v.plays && u.canBet) {
      const bets = 5 + Math.floor(random() * 15);
      for (let i = 0; i < bets; i++) {
        await pause(2 + random() * 3);
        const keno = random() < 0.5;
        const played = keno
          ? await call("POST keno bet", u, "POST", "/api/games/keno/bets", {
              amount: BET,
              picks: [...new Set(Array.from({ length: 5 }, () => 1 + Math.floor(random() * 40)))],
              risk: pick(["classic", "low", "high"] as const),
            })
          : await call("POST dice bet", u, "POST", "/api/games/dice/bets", {
              amount: BET,
              target: 50.5,
              direction: pick(["over", "under"] as const),
            });
        if (played.status === 402 || played.status === 409) break;
      }
    }
    await pause(30 + random() * 90);
    close();
  }

  process.stdout.write(
    `replaying ${visits.length} visits of ${new Set(visits.map((v) => v.user)).size} users over ` +
      `${HOURS} h at ×${SPEEDUP} (${(wall(HOURS) / 60_000) | 0 || "<1"} min), ` +
      `${WORKERS} worker(s)\n`,
  );
  const running = new Set<Promise<void>>();
  for (const v of visits) {
    const wait = wall(v.at) - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const p = visit(v).finally(() => running.delete(p));
    running.add(p);
  }
  await Promise.all(running);
  const elapsed = (Date.now() - started) / 1000;

  // 3. The figures.
  const load = loadavg()
    .slice(0, 2)
    .map((x) => x.toFixed(1))
    .join("/");
  const total = [...figures.values()].reduce(
    (n, f) => n + f.ms.length + f.errors + [...f.refused.values()].reduce((a, b) => a + b, 0),
    0,
  );
  const busiest = perHour.indexOf(Math.max(...perHour));
  const lines = [
    `Day bench — ${USERS} users, ${HOURS} h at ×${SPEEDUP}, ${WORKERS} worker(s); load ${load}`,
    `${total} requests in ${elapsed.toFixed(0)} s: ${(total / elapsed).toFixed(0)} req/s on average; ` +
      `busiest hour ${busiest}:00 — ${((perHour[busiest]! * SPEEDUP) / 3600).toFixed(0)} req/s`,
    "route                       ok     p50 ms  p99 ms  max ms  refused (status×n)   errors",
  ];
  for (const [route, f] of [...figures].sort((a, b) => a[0].localeCompare(b[0]))) {
    const sorted = [...f.ms].sort((a, b) => a - b);
    const refused = [...f.refused].map(([s, n]) => `${s}×${n}`).join(" ") || "—";
    lines.push(
      `${route.padEnd(26)} ${String(sorted.length).padStart(6)} ${percentile(sorted, 0.5)
        .toFixed(1)
        .padStart(8)} ${percentile(sorted, 0.99).toFixed(1).padStart(7)} ${(sorted.at(-1) ?? 0)
        .toFixed(0)
        .padStart(7)}  ${refused.padEnd(20)} ${f.errors}`,
    );
  }
  lines.push(
    `live streams: ${streamsOpened} opened, ${streamsMax} open at once at most, ${streamErrors} refused or failed`,
  );
  if (statements) {
    const top = await sql<{ calls: string; total: string; mean: string; query: string }[]>`
      select calls::text, round(total_exec_time)::text as total,
             round(mean_exec_time::numeric, 3)::text as mean,
             regexp_replace(left(query, 110), '\\s+', ' ', 'g') as query
      from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
      order by total_exec_time desc limit 10`;
    lines.push("busiest statements (pg_stat_statements: total ms, calls, mean ms):");
    for (const s of top)
      lines.push(
        `  ${s.total.padStart(7)} ${s.calls.padStart(8)} ${s.mean.padStart(8)}  ${s.query}`,
      );
  } else {
    lines.push(
      "busiest statements: pg_stat_statements is not loaded — add it to shared_preload_libraries " +
        "(ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'; restart PostgreSQL)",
    );
  }
  lines.push(await ledgerVerify(env));
  lines.push(
    "goals (2 cores, 10 000 users): no 5xx or network error; p99 ≤ 100 ms reads, ≤ 250 ms writes; ledger verified",
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  await sql.end();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
