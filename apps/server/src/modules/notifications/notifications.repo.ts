import { and, desc, eq, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.ts";
import { notifications, users } from "../../db/schema/index.ts";

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
 * delivered, and never for an erased account. The stored row (null when there is none).
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
  const inserted = rowsOf(
    await tx.execute(sql`
      insert into notifications (id, user_id, type, params, created_at)
      select ${values.id}, ${values.userId}, ${values.type}, ${JSON.stringify(values.params)}::jsonb,
        ${values.at.toISOString()}::timestamptz
      where exists (select 1 from users where id = ${values.userId} and erased_at is null)
      on conflict (id) do nothing
      returning id`),
  );
  if (inserted.length > 0) {
    await tx.execute(sql`
      delete from notifications where user_id = ${values.userId} and id not in (
        select id from notifications where user_id = ${values.userId}
        order by created_at desc, id desc limit ${MAX_NOTIFICATIONS_PER_USER})`);
  }
  const [row] = await tx.select().from(notifications).where(eq(notifications.id, values.id));
  return row ?? null;
}

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

export async function findLanguage(db: Db, userId: string) {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row?.language ?? "fr";
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
