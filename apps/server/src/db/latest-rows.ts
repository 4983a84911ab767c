import { desc, eq } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";

/**
 * The latest `limit` rows of `query` (a dynamic select) whose `owner` column holds `ownerId`,
 * newest first by `newest`: one owner's list along its index, as the admin's user page shows it.
 */
export function latestRows<T extends PgSelect>(
  query: T,
  [owner, ownerId]: [PgColumn, string],
  newest: PgColumn,
  limit: number,
) {
  return query.where(eq(owner, ownerId)).orderBy(desc(newest)).limit(limit);
}
