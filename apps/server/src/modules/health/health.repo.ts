import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/** Spec §7's database check: read one users row. */
export async function readOneUser(db: Db) {
  await db.select({ id: users.id }).from(users).limit(1);
}
