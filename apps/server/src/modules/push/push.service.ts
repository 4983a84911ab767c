import type { Agent } from "node:https";
import webpush from "web-push";
import type { Db } from "../../db/client.ts";
import { getOrCreateSetting } from "../../lib/app-settings.ts";
import {
  deleteSubscriptionById,
  deleteSubscriptionOf,
  listSubscriptionsOf,
  upsertSubscription,
} from "./push.repo.ts";
import { guardedPushAgent } from "./push-endpoint.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** VAPID keys are generated at first start and kept in the database (same for every instance). */
export const loadVapidKeys = (db: Db) =>
  getOrCreateSetting<VapidKeys>(db, "vapid_keys", () => webpush.generateVAPIDKeys());

export interface PushMessage {
  type: string;
  title: string;
  message: string;
  target: string;
}

export interface PushDeps {
  db: Db;
  vapid: VapidKeys;
  subject: string;
  /** Tests point the sender at a local HTTPS push service with its own CA (its options are used). */
  agent?: Agent;
  /** PUSH_ENDPOINT_ALLOW: hosts exempt from the public-address rule (the tests' push service). */
  endpointAllow: string[];
  onError: (error: unknown) => void;
}

/**
 * Sends to every subscription of the user; gone subscriptions (404/410) are forgotten. Every
 * request goes through the guarded agent: an endpoint that is (or now resolves to) a non-public
 * address is not reached, its row is kept, and `onError` gets a `PushEndpointRefused`.
 */
export function pushSender(deps: PushDeps) {
  const agent = guardedPushAgent({ allow: deps.endpointAllow, base: deps.agent });
  return async function send(userId: string, message: PushMessage) {
    const subscriptions = await listSubscriptionsOf(deps.db, userId);
    await Promise.all(
      subscriptions.map(async (s) => {
        try {
          await webpush.sendNotification(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            JSON.stringify(message),
            {
              vapidDetails: { subject: deps.subject, ...deps.vapid },
              TTL: 24 * 3600,
              topic: message.type.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
              timeout: 10_000,
              agent,
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
