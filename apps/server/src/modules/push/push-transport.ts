/** A device's push subscription, as the browser's PushManager gives it. */
export interface PushSubscriptionTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * How a push message reaches a device. The push module owns this interface; Web Push (VAPID,
 * RFC 8030 encryption) is an adapter (src/adapters/web-push/, decision 0033).
 */
export interface PushTransport {
  /**
   * Delivers one payload. Throws when the push service refuses it: an error with a `statusCode`
   * (404 and 410 mean the subscription is gone), or the adapter's own refusal to connect.
   */
  send(
    target: PushSubscriptionTarget,
    payload: string,
    options: { ttlSeconds: number; topic: string },
  ): Promise<void>;
}
