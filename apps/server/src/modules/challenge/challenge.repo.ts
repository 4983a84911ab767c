import { eq, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { challengeUses, miningSessions } from "../../db/schema/index.ts";

type Conn = Db | Tx;
/** Marks a challenge used; false when it already was (a replay). */
export async function useChallenge(db: Conn, signature: string, expiresAt: Date) {
  const rows = await db
    .insert(challengeUses)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: challengeUses.signature });
  return rows.length === 1;
}

/** Whether the user ever started a session (mining_sessions_user_start_idx answers it). */
export async function hasMiningSession(db: Conn, userId: string) {
  const rows = await db
    .select({ id: miningSessions.id })
    .from(miningSessions)
    .where(eq(miningSessions.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** Drops used challenges past their expiry. */
export async function pruneChallengeRows(db: Db, now: Date) {
  await db.delete(challengeUses).where(lt(challengeUses.expiresAt, now));
}
