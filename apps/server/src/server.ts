import cluster from "node:cluster";
import { resolve } from "node:path";
import { drainTimeoutMs, onRetire, primaryLog, runPrimary } from "./cluster.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { systemClock } from "./lib/clock.ts";
import { inProcessGroup } from "./lib/cluster-metrics.ts";
import { ensureDataDir } from "./lib/data-dir.ts";
import { drainServer, installDrain } from "./lib/drain.ts";
import { seedDemoContent } from "./modules/demo/demo.seed.ts";

/**
 * Migrations and the demo content, once before any process serves (the primary's, in a group).
 * Resolves to the migrations' boot warnings.
 */
async function prepare(config: Config, database: Awaited<ReturnType<typeof openDatabase>>) {
  const { warnings } = await database.migrate();
  if (
    config.DEMO_CONTENT === "on" ||
    (config.DEMO_CONTENT === "auto" && database.kind === "pglite")
  ) {
    await seedDemoContent(database.db, systemClock);
  }
  return warnings;
}

function databaseOptions(config: Config, poolMax: number) {
  return { poolMax, migrationUrl: config.DATABASE_MIGRATION_URL };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
    ensureDataDir(config.DATA_DIR);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    await runPrimary(config, async () => {
      const database = await openDatabase(config.DATABASE_URL, databaseOptions(config, 1));
      const warnings = await prepare(config, database);
      await database.close();
      for (const warning of warnings) primaryLog(config.LOG_LEVEL).warn({}, warning);
    });
    return;
  }
  await serve(config);
}

/** One server process: the only one (WEB_CONCURRENCY=1), or a worker of the group. */
async function serve(config: Config) {
  // Loaded here: the primary of a group serves nothing and keeps out of the app's modules.
  const { buildApp, loggerOptions } = await import("./app.ts");
  const { consoleAdminCodeNotice } = await import("./lib/admin-code-notice.ts");
  const worker = inProcessGroup(config);
  // Asked to stop before serving (a reload or Ctrl+C during the boot): nothing to drain yet.
  let stop = (_reason: string): void => process.exit(0);
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  if (worker) onRetire(() => stop("retired"));
  const database = await openDatabase(
    config.DATABASE_URL,
    databaseOptions(config, config.DATABASE_POOL_MAX),
  );
  const bootWarnings = worker ? [] : await prepare(config, database);
  const built = await buildApp(config, {
    database,
    logger: loggerOptions(config),
    adminCodeNotice: consoleAdminCodeNotice({
      terminal: process.stderr.isTTY === true,
      folder: resolve(config.DATA_DIR),
      print: (text) => process.stderr.write(text),
    }),
  });
  const { app } = built;
  installDrain(app.server);
  void built.startBackgroundJobs();

  let closing = false;
  // Stop accepting, finish what is in flight, end the live streams, then close (decision 0036).
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, "draining");
    const timeoutMs = drainTimeoutMs(config);
    const force = setTimeout(() => process.exit(1), timeoutMs + 5000);
    force.unref();
    try {
      if (!(await drainServer(app.server, { timeoutMs }))) {
        app.log.warn("connections still open at the end of the drain: closed");
      }
      await app.close();
      await database.close();
      app.log.info({ reason }, "drained");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  stop = (reason) => void shutdown(reason);
  process.on("unhandledRejection", (reason) =>
    app.log.error({ err: reason }, "unhandled rejection"),
  );

  if (config.HOST_EXPOSES_DEV_ROUTES) {
    app.log.warn(
      `HOST=${config.HOST} with DEV_ROUTES on: the server is reachable from the network; the dev ` +
        "routes still answer callers on this machine only",
    );
  }
  for (const warning of bootWarnings) app.log.warn(warning);
  if (config.PROOF_OF_WORK === "off") {
    app.log.warn(
      "PROOF_OF_WORK=off: sign-ups and first mining starts ask for no proof of work; scripted " +
        "accounts cost nothing. Only for tests and benches.",
    );
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  if (worker) return;
  app.log.info(`FRE is running at ${config.PUBLIC_URL} (database: ${database.kind})`);
  process.stderr.write(`\n  FRE is running at ${config.PUBLIC_URL}\n\n`);
}

void main();
