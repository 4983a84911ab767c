import { and, desc, eq, sql } from "drizzle-orm";
import { type Db, driverQuery, rowsOf, type Tx } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";

export const MAX_NOTIFICATIONS_PER_USER = 50;

export async function insertNotification(
  tx: Db | Tx,
  values: { userId: string; type: string; params: Record<string, string | number>; at: Date },
) {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: values.userId,
      type: values.type,
      params: values.params,
      createdAt: values.at,
    })
    .returning();
  // Keep the newest 50 only (spec §3).
  await tx.execute(sql`
    delete from notifications where user_id = ${values.userId} and id not in (
      select id from notifications where user_id = ${values.userId}
      order by created_at desc, id desc limit ${MAX_NOTIFICATIONS_PER_USER})`);
  return row!;
}

/**
 * A notification the outbox recorded, under the effect's id: written once however often it is
 * delivered, and never for an erased account. The stored row (null when there is none), with the
 * user's language. One statement: the insert, the prune to the newest 50 (the new row ranked among
 * them) and the row read back; a new row that would itself fall outside the 50 is deleted by a
 * second statement (it would have been pruned at once).
 */
export async function insertNotificationOnce(
  tx: Db | Tx,
  values: {
    id: string;
    userId: string;
    type: string;
    params: Record<string, string | number>;
    at: Date;
  },
) {
  const [row] = await driverQuery<StoredNotificationRow>(tx, STORE_ONCE_SQL, [
    values.id,
    values.userId,
    values.type,
    JSON.stringify(values.params),
    values.at.toISOString(),
    MAX_NOTIFICATIONS_PER_USER,
  ]);
  if (!row) return null;
  if (row.rank !== null && Number(row.rank) > MAX_NOTIFICATIONS_PER_USER) {
    await driverQuery(tx, "delete from notifications where id = $1", [values.id]);
    return null;
  }
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    params: (typeof row.params === "string" ? JSON.parse(row.params) : row.params) as Record<
      string,
      string | number
    >,
    read: row.read,
    createdAt: new Date(row.created_at),
    language: row.language ?? "fr",
  };
}

interface StoredNotificationRow {
  id: string;
  user_id: string;
  type: string;
  params: unknown;
  read: boolean;
  created_at: Date | string;
  language: string | null;
  /** The new row's place among the user's notifications, newest first (null: not inserted). */
  rank: number | string | null;
}

const STORE_ONCE_SQL = `with inserted as (
    insert into notifications (id, user_id, type, params, created_at)
    select $1::uuid, $2, $3, $4::jsonb, $5::timestamptz
    where exists (select 1 from users where id = $2 and erased_at is null)
    on conflict (id) do nothing
    returning *
  ), ranked as (
    select k.id, row_number() over (order by k.created_at desc, k.id desc) as rank
    from (
      select id, created_at from notifications where user_id = $2
      union all select id, created_at from inserted
    ) k
    where exists (select 1 from inserted)
  ), pruned as (
    delete from notifications
    where id in (select id from ranked where rank > $6::int and id <> $1::uuid)
  )
  select r.id::text as id, r.user_id, r.type, r.params, r.read, r.created_at,
    (select language from users where id = r.user_id) as language,
    (select rank from ranked where ranked.id = r.id) as rank
  from (
    select * from inserted
    union all
    select * from notifications where id = $1::uuid and not exists (select 1 from inserted)
  ) r`;

export async function listNotifications(db: Db, userId: string) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(MAX_NOTIFICATIONS_PER_USER);
}

export async function markRead(db: Db, userId: string, id: string) {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
}

/**
 * Claims sessions ending within `windowMs` whose notice is not sent, marking them in the same
 * statement. SKIP LOCKED lets several instances sweep at once without sending twice.
 */
export async function claimEndingSessions(tx: Tx, now: Date, windowMs: number, limit: number) {
  const until = new Date(now.getTime() + windowMs).toISOString();
  const result = await tx.execute(sql`
    update mining_sessions set notification_sent = true
    where id in (
      select id from mining_sessions
      where status = 'active' and notification_sent = false and end_time <= ${until}::timestamptz
      order by end_time
      limit ${limit}
      for update skip locked)
    returning id, user_id as "userId"`);
  return rowsOf<{ id: string; userId: string }>(result);
}

/** Claims boosts expiring within `windowMs` whose warning is not sent (same pattern). */
export async function claimExpiringBoosts(tx: Tx, now: Date, windowMs: number, limit: number) {
  const at = now.toISOString();
  const until = new Date(now.getTime() + windowMs).toISOString();
  const result = await tx.execute(sql`
    update boosts set expiry_notified = true
    where id in (
      select id from boosts
      where expiry_notified = false and expires_at > ${at}::timestamptz
        and expires_at <= ${until}::timestamptz
      order by expires_at
      limit ${limit}
      for update skip locked)
    returning user_id as "userId"`);
  return rowsOf<{ userId: string }>(result);
}

/**
 * Forgets boosts that expired long ago: a session needs a boost's expiry only within its
 * 24 hours, so 48 hours after expiry the row can go (spec: expired boosts are pruned).
 */
export async function pruneExpiredBoosts(db: Db, now: Date) {
  const before = new Date(now.getTime() - 48 * 3_600_000).toISOString();
  await db.execute(sql`delete from boosts where expires_at < ${before}::timestamptz`);
}
