import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { type Db, driverQuery, preparedFor } from "../../db/client.ts";
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

// Ids as one text array: one statement however many streams ask (drizzle's `sql` would expand
// an array into one parameter per id).
const LIVE_SESSION_IDS_SQL = `
  select s.id from sessions s join users u on u.id = s.user_id
  where s.id = any($1::text[]) and s.expires_at > $2::timestamptz
    and u.suspended_at is null and u.erased_at is null`;

/** Which of these sessions are live at `now` (their account neither suspended nor erased). */
export async function liveSessionIds(db: Db, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await driverQuery<{ id: string }>(db, LIVE_SESSION_IDS_SQL, [
    ids,
    now.toISOString(),
  ]);
  return new Set(rows.map((row) => row.id));
}
