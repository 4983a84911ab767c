/**
 * Many live connections: one server process holding N signed-in event streams (GET /api/events).
 *   npm run bench:sse [-- --streams 10000 --idle 30 --fanouts 3]
 * Creates N users with a session each straight in SQL (the session cookie signed as Better Auth
 * signs it, with the bench's AUTH_SECRET: signing up 10 000 users through the API would spend
 * minutes hashing passwords), starts the bench server (bench/api-server.ts, one process, the
 * limits raised through env as bench/api.ts does), opens the streams and prints:
 *   - RSS per stream: the server's RSS (after a GC) with the streams open, minus before, over N;
 *   - idle cost: the server's CPU time and event-loop delay over `--idle` seconds with every
 *     stream open and nothing to send but heartbeats (a 25 s period: one round falls in 30 s);
 *   - fan-out: one live event to every connected user (a NOTIFY on the live-events channel, as
 *     a broadcast is sent) until the last stream has it, and the event-loop delay meanwhile.
 * Goal (issue 23): 10 000 streams in one process, fan-out ≤ 2 s, bounded memory.
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { resolve } from "node:path";
import postgres from "postgres";
import {
  arg,
  benchServerEnv,
  freePort,
  freshDatabase,
  signedSessionCookie,
} from "./bench-setup.ts";
import { median } from "./stats.ts";

const STREAMS = arg("streams", 10_000);
const IDLE_S = arg("idle", 30);
const FANOUTS = arg("fanouts", 3);
/** Streams opened at once while connecting (each costs a session lookup on first sight). */
const OPENING = arg("opening", 200);
const dbName = "fre_bench_sse";
const secret = randomBytes(32).toString("hex");

interface Stream {
  /** When the stream last received the bench's live event, by its sequence number. */
  received: Map<number, number>;
  pings: number;
  closed: boolean;
}

async function main() {
  const databaseUrl = await freshDatabase(dbName);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = benchServerEnv(databaseUrl, port, { AUTH_SECRET: secret });

  const server = await new Promise<ReturnType<typeof fork>>((done, fail) => {
    const child = fork(resolve(import.meta.dirname, "api-server.ts"), {
      env: { ...env, BENCH_BASELINE_JSON: "{}" },
      execArgv: ["--import", "tsx", "--expose-gc"],
    });
    process.once("exit", () => child.kill("SIGKILL"));
    child.once("message", () => done(child));
    child.once("exit", (code) => fail(new Error(`server exited ${code}`)));
  });

  // N verified users, a live session each.
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const t0 = Date.now();
  await sql.unsafe(`
    insert into users (id, name, email, email_verified, nickname, referral_code)
    select 'sse-' || g, 'sse' || g, 'sse' || g || '@bench.local', true, 'sse' || g,
           'E' || lpad(to_hex(g), 7, '0')
    from generate_series(1, ${STREAMS}) g`);
  // md5 of random text twice: unguessable enough for a throwaway bench database.
  const tokens = await sql<{ token: string }[]>`
    insert into sessions (id, token, user_id, expires_at)
    select 'sse-session-' || g, md5(random()::text || g) || md5(random()::text), 'sse-' || g,
           now() + interval '1 day'
    from generate_series(1, ${STREAMS}) g
    returning token`;
  const cookies = tokens.map((t) => signedSessionCookie(secret, t.token));
  process.stdout.write(
    `created ${cookies.length} users and sessions in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );

  const vitals = async (query = "") =>
    (await (await fetch(`${base}/bench/vitals${query}`)).json()) as {
      rss: number;
      heapUsed: number;
      cpuMicros: { user: number; system: number };
      loopDelayMs: { p50: number; p99: number; max: number };
    };
  const before = await vitals("?gc=1");

  // Open the streams, OPENING at a time.
  const streams: Stream[] = [];
  const failures = new Map<string, number>();
  const fail = (why: string) => failures.set(why, (failures.get(why) ?? 0) + 1);
  const open = (cookie: string) =>
    new Promise<void>((done) => {
      const stream: Stream = { received: new Map(), pings: 0, closed: false };
      const req = request(`${base}/api/events`, {
        agent: false,
        headers: { cookie, accept: "text/event-stream" },
      });
      req.on("response", (res) => {
        if (res.statusCode !== 200) {
          fail(`HTTP ${res.statusCode}`);
          res.resume();
          done();
          return;
        }
        res.setEncoding("utf8");
        let opened = false;
        res.on("data", (chunk: string) => {
          if (!opened && chunk.includes("retry:")) {
            opened = true;
            streams.push(stream);
            done();
          }
          if (chunk.includes(": ping")) stream.pings += 1;
          // "event: bench\ndata: {"seq":N,...}": the sequence number says which fan-out it was.
          for (const m of chunk.matchAll(/event: bench\ndata: \{"seq":(\d+)/g)) {
            stream.received.set(Number(m[1]), performance.now());
          }
        });
        res.on("close", () => {
          stream.closed = true;
        });
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        fail(error.code ?? error.message);
        stream.closed = true;
        done();
      });
      // A stream not open within 60 s counts as failed (its promise must not hold the bench).
      const timer = setTimeout(() => {
        if (streams.includes(stream)) return;
        fail("not open after 60 s");
        req.destroy();
        done();
      }, 60_000);
      timer.unref();
      req.end();
    });
  const tOpen = performance.now();
  for (let i = 0; i < cookies.length; i += OPENING) {
    await Promise.all(cookies.slice(i, i + OPENING).map(open));
  }
  const openSeconds = (performance.now() - tOpen) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const withStreams = await vitals("?gc=1");
  const rssPerStream = (withStreams.rss - before.rss) / Math.max(1, streams.length);
  const heapPerStream = (withStreams.heapUsed - before.heapUsed) / Math.max(1, streams.length);

  // At rest: nothing but heartbeats.
  await vitals("?reset=1");
  const pingsBefore = streams.reduce((n, s) => n + s.pings, 0);
  const idleStart = await vitals();
  await new Promise((r) => setTimeout(r, IDLE_S * 1000));
  const idleEnd = await vitals("?reset=1");
  const cpuMs = (v: typeof idleStart) => (v.cpuMicros.user + v.cpuMicros.system) / 1000;
  const idleCpu = (cpuMs(idleEnd) - cpuMs(idleStart)) / (IDLE_S * 1000);
  const pings = streams.reduce((n, s) => n + s.pings, 0) - pingsBefore;

  // Fan-out: one broadcast live event, as the bus relays it (the envelope of lib/event-bus.ts).
  const fanouts: { last: number; p50: number; reached: number; loop: typeof idleEnd }[] = [];
  for (let seq = 1; seq <= FANOUTS; seq++) {
    await vitals("?reset=1");
    const envelope = { to: null, event: { type: "bench", data: { seq, text: "x".repeat(200) } } };
    const sent = performance.now();
    await sql`select pg_notify('fre_live_events', ${JSON.stringify(envelope)})`;
    const deadline = sent + 30_000;
    const live = streams.filter((s) => !s.closed);
    while (performance.now() < deadline && live.some((s) => !s.received.has(seq))) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const times = live
      .map((s) => s.received.get(seq))
      .filter((t): t is number => t !== undefined)
      .map((t) => t - sent);
    fanouts.push({
      last: Math.max(...times),
      p50: median(times),
      reached: times.length,
      loop: await vitals(),
    });
    await new Promise((r) => setTimeout(r, 2000));
  }

  const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
  const lines = [
    `SSE bench — ${STREAMS} signed-in streams on one process`,
    `opened: ${streams.length} in ${openSeconds.toFixed(1)} s; failed: ${
      [...failures].map(([why, n]) => `${n} × ${why}`).join(", ") || "0"
    }; still open at the end: ${streams.filter((s) => !s.closed).length}`,
    `RSS: ${mb(before.rss)} → ${mb(withStreams.rss)} = ${(rssPerStream / 1024).toFixed(1)} KB per stream (heap ${(heapPerStream / 1024).toFixed(1)} KB)`,
    `idle ${IDLE_S} s: server CPU ${(idleCpu * 100).toFixed(2)} % of a core, event-loop delay p99 ${idleEnd.loopDelayMs.p99} ms max ${idleEnd.loopDelayMs.max} ms, ${pings} heartbeats received`,
    ...fanouts.map(
      (f, i) =>
        `fan-out ${i + 1}: ${f.reached}/${streams.length} reached, last after ${Math.round(f.last)} ms (p50 ${Math.round(f.p50)} ms); event-loop delay p99 ${f.loop.loopDelayMs.p99} ms max ${f.loop.loopDelayMs.max} ms`,
    ),
    `fan-out (last stream) median of ${fanouts.length}: ${Math.round(median(fanouts.map((f) => f.last)))} ms (${Math.round(Math.min(...fanouts.map((f) => f.last)))}–${Math.round(Math.max(...fanouts.map((f) => f.last)))}); goal ≤ 2 000 ms`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);

  await sql.end();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
