import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
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
