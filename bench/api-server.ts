/**
 * The bench's server process: the real app (same config path as `npm start`) plus one bare
 * route returning a JSON of the same size as GET /api/mining, as the baseline.
 */
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX });
await database.migrate();
const { app, startBackgroundJobs } = await buildApp(config, { database, logger: false });
const baseline = JSON.parse(process.env.BENCH_BASELINE_JSON ?? "{}");
app.get("/bench/baseline", async () => baseline);
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
