import type { Db } from "../../db/client.ts";
import {
  deleteSubscriptionById,
  deleteSubscriptionOf,
  listSubscriptionsOf,
  upsertSubscription,
} from "./push.repo.ts";
import type { PushTransport } from "./push-transport.ts";

export interface PushMessage {
  type: string;
  title: string;
  message: string;
  target: string;
}

export interface PushDeps {
  db: Db;
  transport: PushTransport;
  onError: (error: unknown) => void;
}

/**
 * Sends to every subscription of the user; gone subscriptions (404/410) are forgotten. Any other
 * failure (the push service's, or the transport refusing a non-public endpoint) keeps the row and
 * goes to `onError`.
 */
export function pushSender(deps: PushDeps) {
  return async function send(userId: string, message: PushMessage) {
    const subscriptions = await listSubscriptionsOf(deps.db, userId);
    await Promise.all(
      subscriptions.map(async (s) => {
        try {
          await deps.transport.send(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            JSON.stringify(message),
            {
              ttlSeconds: 24 * 3600,
              topic: message.type.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
            },
          );
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await deleteSubscriptionById(deps.db, userId, s.id);
          } else {
            deps.onError(error);
          }
        }
      }),
    );
  };
}

export type PushSend = ReturnType<typeof pushSender>;

export async function saveSubscription(
  { db }: { db: Db },
  userId: string,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  await upsertSubscription(db, userId, {
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
  });
}

export async function deleteSubscription({ db }: { db: Db }, userId: string, endpoint: string) {
  await deleteSubscriptionOf(db, userId, endpoint);
}
