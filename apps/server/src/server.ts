import { buildApp, loggerOptions } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { systemClock } from "./lib/clock.ts";
import { seedDemoContent } from "./modules/demo/demo.seed.ts";

/** The generated admin code, in a block a person notices among the log lines. */
function adminCodeBlock(code: string): string {
  const lines = [
    "Default admin access code (shown only this once, note it now):",
    "",
    `    ${code}`,
    "",
    "Promote your account with `npm run admin -- promote EMAIL`, then open /admin.",
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 2;
  const row = (line: string) => `  │ ${line.padEnd(width - 1)}│`;
  return `\n  ┌${"─".repeat(width)}┐\n${lines.map(row).join("\n")}\n  └${"─".repeat(width)}┘\n\n`;
}

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
    announceAdminCode: (code) => process.stderr.write(adminCodeBlock(code)),
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

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`FRE is running at ${config.PUBLIC_URL} (database: ${database.kind})`);
  process.stderr.write(`\n  FRE is running at ${config.PUBLIC_URL}\n\n`);
}

void main();
