import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { appSettings } from "../db/schema/index.ts";

/** Reads a server-generated setting, creating it once (safe with several instances). */
export async function getOrCreateSetting<T>(db: Db, key: string, create: () => T): Promise<T> {
  await db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row?.value as T;
}

export const newSecret = () => randomBytes(32).toString("base64url");

/** An admin-edited setting's stored value (null: never saved); `lock` holds its row until commit. */
export async function readSetting(
  db: Db | Tx,
  key: string,
  options: { lock?: boolean } = {},
): Promise<unknown> {
  const query = db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  const [row] = options.lock ? await query.for("update") : await query;
  return row?.value ?? null;
}

/** Saves an admin-edited setting (created or replaced). */
export async function writeSetting(db: Db | Tx, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value } });
}
