import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pushSubscriptions } from "../../db/schema/index.ts";

/** The user's devices: where to send and the keys to encrypt with. */
export async function listSubscriptionsOf(db: Db, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** Forgets one of the user's subscriptions (the push service said it is gone). */
export async function deleteSubscriptionById(db: Db, userId: string, id: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
}

/** An endpoint belongs to the last user who registered it (one browser, one subscription). */
export async function upsertSubscription(
  db: Db,
  userId: string,
  sub: { endpoint: string; p256dh: string; auth: string },
) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: sub.p256dh, auth: sub.auth },
    });
}

export async function deleteSubscriptionOf(db: Db, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
