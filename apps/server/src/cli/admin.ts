import { ADMIN_USAGE, isAdminCommand } from "./admin-usage.ts";

/** `npm run admin -- promote|demote|reset-code EMAIL` on the configured database. */
async function main(argv: string[]) {
  if (!isAdminCommand(argv)) {
    console.error(ADMIN_USAGE);
    return 2;
  }
  // Loaded only for a real command: a usage error answers without compiling the server's code.
  const [{ loadConfig }, { openDatabase }, { systemClock }, { runAdminCommand }] =
    await Promise.all([
      import("../config.ts"),
      import("../db/client.ts"),
      import("../lib/clock.ts"),
      import("./admin-commands.ts"),
    ]);
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL, {
    poolMax: 1,
    migrationUrl: config.DATABASE_MIGRATION_URL,
  });
  try {
    await database.migrate();
    return await runAdminCommand({ db: database.db, clock: systemClock }, argv, {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
