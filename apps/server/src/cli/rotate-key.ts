import { parseArgs } from "node:util";

const USAGE =
  "usage: npm run rotate-key -- --new-key HEX [--batch-size N]   (64 hex digits, e.g. " +
  "openssl rand -hex 32; N from 1 to 10000, default 100; the embedded database: stop the " +
  "server first)";

/** A whole number from `min` to `max`, or null; absent gives the default. */
function boundedInteger(text: string | undefined, fallback: number, min: number, max: number) {
  if (text === undefined) return fallback;
  if (!/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/**
 * `npm run rotate-key -- --new-key HEX`: re-seals every KYC step and document with a new data key
 * (decision 0054). It opens with DATA_ENCRYPTION_KEY (or the embedded key file) and
 * DATA_ENCRYPTION_KEY_PREVIOUS, seals with the new key, and may be stopped and run again at any
 * point. Keys are never printed: only their ids.
 */
async function main(argv: string[]) {
  let values: { "new-key"?: string; "batch-size"?: string; "pause-ms"?: string } = {};
  try {
    values = parseArgs({
      args: argv,
      options: {
        "new-key": { type: "string" },
        "batch-size": { type: "string" },
        // Tests only: a pause after each batch, to stop the run half-way.
        "pause-ms": { type: "string" },
      },
    }).values;
  } catch {}
  const batchSize = boundedInteger(values["batch-size"], 100, 1, 10_000);
  const pauseMs = boundedInteger(values["pause-ms"], 0, 0, 60_000);
  if (batchSize === null || pauseMs === null) {
    console.error(USAGE);
    return 2;
  }
  const [
    { loadConfig },
    { openDatabase },
    { fileStoreFromUrl },
    { dataCipher, dataKeyId, parseDataKey, previousDataKeys, resolveDataKey },
    { rotateKycData },
  ] = await Promise.all([
    import("../config.ts"),
    import("../db/client.ts"),
    import("../adapters/file-store/file-store-from-url.ts"),
    import("../lib/data-encryption.ts"),
    import("../modules/kyc/kyc-rotation.ts"),
  ]);
  const newKey = values["new-key"] ? parseDataKey(values["new-key"]) : null;
  if (!newKey) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const currentKey = await resolveDataKey(config);
  const previous = previousDataKeys(config);
  const newId = dataKeyId(newKey);
  const alreadySwitched = currentKey.equals(newKey);
  const olderKeys = [currentKey, ...previous].filter((key) => !key.equals(newKey));
  const cipher = dataCipher(newKey, olderKeys);
  const database = await openDatabase(config.DATABASE_URL, {
    poolMax: 1,
    migrationUrl: config.DATABASE_MIGRATION_URL,
  });
  try {
    await database.migrate();
    process.stdout.write(
      `rotating the KYC data to key ${newId} (readable keys: ${olderKeys.map(dataKeyId).join(", ") || "none"})\n`,
    );
    const progress = await rotateKycData({
      db: database.db,
      files: fileStoreFromUrl(config.FILES_URL),
      cipher,
      batchSize,
      onBatch: async (p) => {
        process.stdout.write(
          `progress: ${p.files} files, ${p.fields} fields re-encrypted; ${p.current} already current\n`,
        );
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      },
    });
    const total = progress.fields + progress.files;
    process.stdout.write(
      `re-encrypted ${total} records (${progress.fields} fields, ${progress.files} files) to key ` +
        `${newId}; ${progress.current} were already under it, ${progress.skipped} changed during ` +
        "the run.\n",
    );
    if (alreadySwitched) {
      process.stdout.write(
        total + progress.skipped === 0
          ? "Everything is under the current key: DATA_ENCRYPTION_KEY_PREVIOUS can be removed " +
              "(keep the old key with the backups made before today).\n"
          : "Run it again until it reports 0 re-encrypted records; then " +
              "DATA_ENCRYPTION_KEY_PREVIOUS can be removed.\n",
      );
    } else {
      process.stdout.write(
        "Now set DATA_ENCRYPTION_KEY=<the new key> and DATA_ENCRYPTION_KEY_PREVIOUS=<the old " +
          "key> on every instance and restart them; then run this command again until it reports " +
          "0 re-encrypted records (docs/operations.md, 'Key rotation').\n",
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`rotate-key failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
