import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/** The user's balance and total mined, or null for an unknown user. */
export async function findBalances(db: Db, userId: string) {
  const [row] = await db
    .select({ balance: users.balance, totalMined: users.totalMined })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Up to `limit` of the user's ledger entries with an id below `before` (any id without it), newest first. */
