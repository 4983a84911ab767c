import { parseArgs } from "node:util";

const USAGE =
  "usage: npm run restore -- FILE   (into the empty database DATABASE_URL and files store FILES_URL)";

/** `npm run restore -- FILE`: loads a backup into an empty database and files store (0052). */
async function main(argv: string[]) {
  let archive: string | undefined;
  try {
    const parsed = parseArgs({ args: argv, allowPositionals: true, options: {} });
    if (parsed.positionals.length === 1) archive = parsed.positionals[0];
  } catch {}
  if (!archive) {
    console.error(USAGE);
    return 2;
  }
  const [{ loadConfig }, { fileStoreFromUrl }, { restoreBackup, RestoreRefusedError }] =
    await Promise.all([
      import("../config.ts"),
      import("../adapters/file-store/file-store-from-url.ts"),
      import("../lib/backup/restore.ts"),
    ]);
  const config = loadConfig();
  const started = Date.now();
  try {
    const summary = await restoreBackup({
      archive,
      databaseUrl: config.DATABASE_URL,
      migrationUrl: config.DATABASE_MIGRATION_URL,
      files: fileStoreFromUrl(config.FILES_URL),
    });
    process.stdout.write(
      `restored ${archive}: ${summary.rows} rows, ${summary.files} files, made ` +
        `${summary.manifest.createdAt}, in ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
        "Start FRE with the DATA_ENCRYPTION_KEY the backed-up service used, then run npm run ledger:verify.\n",
    );
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefusedError) {
      console.error(`restore: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`restore failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
