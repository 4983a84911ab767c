import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import type { Query } from "./manifest.ts";

/** The backup's read queries on a database (the manifest's counts, the schema version). */
export const queryOf =
  (db: Db): Query =>
  async (text) =>
    rowsOf<Record<string, unknown>>(await db.execute(sql.raw(text)));
