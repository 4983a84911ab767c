import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { findLedgerMismatches } from "../modules/ledger/ledger.verify.ts";

/** `npm run ledger:verify`: exits 1 when any user's ledger does not sum to their balance. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL, {
    poolMax: 1,
    migrationUrl: config.DATABASE_MIGRATION_URL,
  });
  try {
    await database.migrate();
    const mismatches = await findLedgerMismatches(database.db);
    if (mismatches.length === 0) {
      process.stdout.write("ledger OK: every balance equals the sum of its entries\n");
      return 0;
    }
    for (const m of mismatches) {
      console.error(`user ${m.userId}: balance ${m.balance} ≠ ledger ${m.ledgerSum} (nFRE)`);
    }
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
