import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { chainCursors } from "../../db/schema/index.ts";

/** The persisted position of a reader of the chain (`name`), or null before its first page. */
export async function readChainCursor(db: Db, name: string) {
  const [row] = await db
    .select({ cursor: chainCursors.cursor })
    .from(chainCursors)
    .where(eq(chainCursors.name, name));
  return row?.cursor ?? null;
}

/** Moves the persisted cursor forward only (two readers may race; the larger lt wins). */
export async function saveChainCursor(db: Db, name: string, cursor: string, at: Date) {
  await db
    .insert(chainCursors)
    .values({ name, cursor, updatedAt: at })
    .onConflictDoUpdate({
      target: chainCursors.name,
      set: { cursor, updatedAt: at },
      setWhere: sql`${chainCursors.cursor}::numeric < ${cursor}::numeric`,
    });
}
