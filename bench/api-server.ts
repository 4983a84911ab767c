/**
 * The bench's server process: the real app (same config path as `npm start`) plus one bare
 * route returning a JSON of the same size as GET /api/mining, as the baseline, and
 * `/bench/vitals` (the process's memory, CPU time and event-loop delay, for bench/sse.ts).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { driverQuery, openDatabase } from "../apps/server/src/db/client.ts";

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX });
await database.migrate();
const { app, startBackgroundJobs } = await buildApp(config, { database, logger: false });
const baseline = JSON.parse(process.env.BENCH_BASELINE_JSON ?? "{}");
app.get("/bench/baseline", async () => baseline);
/*
 * The floors (`--only floor`): what one PostgreSQL round trip, and the smallest write
 * transaction (lock a row, update it, commit: BEGIN + 2 + COMMIT), cost on this machine through
 * the same driver and pool, on a bare route (no session, no rate limit). A route that writes
 * cannot beat the second without sharing transactions between requests (decision 0047).
 */
if (database.kind === "postgres") {
  await driverQuery(
    database.db,
    "create table if not exists bench_floor (id int primary key, n bigint not null default 0)",
    [],
  );
}
let floorRow = 0;
app.get("/bench/floor/read", async () => {
  const [row] = await driverQuery<{ one: number }>(database.db, "select 1 as one", []);
  return { ...baseline, one: row?.one };
});
app.post("/bench/floor/write", async () => {
  const id = (floorRow++ % 50) + 1;
  const n = await database.db.transaction(async (tx) => {
    await driverQuery(tx, "select n from bench_floor where id = $1 for update", [id]);
    const [row] = await driverQuery<{ n: string }>(
      tx,
      "insert into bench_floor (id, n) values ($1, 1) on conflict (id) do update set n = bench_floor.n + 1 returning n",
      [id],
    );
    return row?.n;
  });
  return { ...baseline, n };
});
// `?gc=1` collects garbage first (with --expose-gc), `?reset=1` restarts the delay histogram.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
app.get<{ Querystring: { gc?: string; reset?: string } }>("/bench/vitals", async (request) => {
  if (request.query.gc) (globalThis as { gc?: () => void }).gc?.();
  const ms = (ns: number) => Math.round(ns / 10_000) / 100;
  const vitals = {
    rss: process.memoryUsage.rss(),
    heapUsed: process.memoryUsage().heapUsed,
    cpuMicros: process.cpuUsage(),
    loopDelayMs: {
      p50: ms(loopDelay.percentile(50)),
      p99: ms(loopDelay.percentile(99)),
      max: ms(loopDelay.max),
    },
  };
  if (request.query.reset) loopDelay.reset();
  return vitals;
});
// As `npm start` does: sweeps, health checks, the leaderboard's rank snapshot warm-up — but
// measured only once warm (a million-row warm-up is not a per-request cost).
const warmedUp = startBackgroundJobs();
await app.listen({ host: "127.0.0.1", port: config.PORT });
await warmedUp;
process.send?.("ready");
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
