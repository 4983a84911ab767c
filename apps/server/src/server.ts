import { buildApp, loggerOptions } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { consoleAdminCodeNotice, dataFolder } from "./lib/admin-code-notice.ts";
import { systemClock } from "./lib/clock.ts";
import { seedDemoContent } from "./modules/demo/demo.seed.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX });
  await database.migrate();
  if (
    config.DEMO_CONTENT === "on" ||
    (config.DEMO_CONTENT === "auto" && database.kind === "pglite")
  ) {
    await seedDemoContent(database.db, systemClock);
  }
  const built = await buildApp(config, {
    database,
    logger: loggerOptions(config),
    adminCodeNotice: consoleAdminCodeNotice({
      terminal: process.stderr.isTTY === true,
      folder: dataFolder(config.DATABASE_URL),
      print: (text) => process.stderr.write(text),
    }),
  });
  const { app } = built;
  void built.startBackgroundJobs();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("unhandledRejection", (reason) =>
    app.log.error({ err: reason }, "unhandled rejection"),
  );

  if (config.HOST_EXPOSES_DEV_ROUTES) {
    app.log.warn(
      `HOST=${config.HOST} with DEV_ROUTES on: the server is reachable from the network; the dev ` +
        "routes still answer callers on this machine only",
    );
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`FRE is running at ${config.PUBLIC_URL} (database: ${database.kind})`);
  process.stderr.write(`\n  FRE is running at ${config.PUBLIC_URL}\n\n`);
}

void main();
