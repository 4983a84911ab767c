import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { type Db, preparedFor } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/index.ts";

const sessionByToken = preparedFor((db) =>
  db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    // A suspended or erased account has no sessions (suspending and erasing delete them); the
    // join is the backstop for one created since, by any path (a sign-in racing the erasure).
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.token, sql.placeholder("token")),
        gt(sessions.expiresAt, sql`${sql.placeholder("now")}::timestamptz`),
        isNull(users.suspendedAt),
        isNull(users.erasedAt),
      ),
    )
    .limit(1)
    .prepare("viewer_session"),
);

/** The live session a token names at `now` (its account neither suspended nor erased), or null. */
export async function findLiveSession(db: Db, token: string, now: Date) {
  const [row] = await sessionByToken(db).execute({ token, now: now.toISOString() });
  return row ?? null;
}
