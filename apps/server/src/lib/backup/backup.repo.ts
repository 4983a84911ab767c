import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import type { Query } from "./manifest.ts";

/** The backup's read queries on a database (the manifest's counts, the schema version). */
export const queryOf =
  (db: Db): Query =>
  async (text) =>
    rowsOf<Record<string, unknown>>(await db.execute(sql.raw(text)));

/**
 * After a restore (decision 0078): a withdrawal still `processing` without a recorded signing
 * may have been signed after the backup was taken, its record lost with the rest. Its payout's
 * look-back on the chain goes back to its approval again, as before the records.
 */
export async function widenRestoredPayoutLookBack(db: Db) {
  await db.execute(
    sql`update withdrawals set payout_signed_at = coalesce(reviewed_at, created_at)
      where status = 'processing' and payout_signed_at is null`,
  );
}
