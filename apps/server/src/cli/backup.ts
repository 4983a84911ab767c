import { parseArgs } from "node:util";

const USAGE =
  "usage: npm run backup -- --out FILE   (the embedded database: stop the server first)";

/** `npm run backup -- --out FILE`: one archive of the database and stored files (decision 0052). */
async function main(argv: string[]) {
  let out: string | undefined;
  try {
    out = parseArgs({ args: argv, options: { out: { type: "string" } } }).values.out;
  } catch {}
  if (!out) {
    console.error(USAGE);
    return 2;
  }
  const [{ loadConfig }, { openDatabase }, { fileStoreFromUrl }, { createBackup }] =
    await Promise.all([
      import("../config.ts"),
      import("../db/client.ts"),
      import("../adapters/file-store/file-store-from-url.ts"),
      import("../lib/backup/backup.ts"),
    ]);
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase(config.DATABASE_URL, { poolMax: 1 });
  try {
    const summary = await createBackup({
      database,
      databaseUrl: config.DATABASE_MIGRATION_URL ?? config.DATABASE_URL,
      files: fileStoreFromUrl(config.FILES_URL),
      out,
    });
    const schema = summary.manifest.schema;
    process.stdout.write(
      `backup written: ${summary.out} (${(summary.bytes / 1e6).toFixed(1)} MB, ${summary.rows} rows, ` +
        `${summary.files} files, schema ${schema.tag ?? schema.migrations}) in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s\n` +
        "DATA_ENCRYPTION_KEY is not in it: keep the key apart (README, 'Backups').\n",
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`backup failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
