import { createECDH } from "node:crypto";
import type { Agent } from "node:https";
import type WebPush from "web-push";
import { guardedPushAgent } from "../../modules/push/push-endpoint.ts";
import type { PushTransport } from "../../modules/push/push-transport.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * A new P-256 key pair in web-push's format (its generateVAPIDKeys, with node:crypto: web-push
 * itself is loaded at the first push, not at boot, decision 0055).
 */
export const generateVapidKeys = (): VapidKeys => {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  const pad = (key: Buffer, length: number) =>
    key.length < length ? Buffer.concat([Buffer.alloc(length - key.length), key]) : key;
  return {
    publicKey: pad(curve.getPublicKey(), 65).toString("base64url"),
    privateKey: pad(curve.getPrivateKey(), 32).toString("base64url"),
  };
};

let webPush: Promise<typeof WebPush> | undefined;

export interface WebPushOptions {
  vapid: VapidKeys;
  /** VAPID_SUBJECT: how a push service reaches the operator (`mailto:` or `https:`). */
  subject: string;
  /** Tests point the sender at a local HTTPS push service with its own CA (its options are used). */
  agent?: Agent;
  /** PUSH_ENDPOINT_ALLOW: hosts exempt from the public-address rule (the tests' push service). */
  endpointAllow: string[];
}

/**
 * Web Push through the `web-push` library. Every request goes through the guarded agent: an
 * endpoint that is (or now resolves to) a non-public address is not reached, and `send` throws
 * a `PushEndpointRefused`.
 */
export function webPushTransport(options: WebPushOptions): PushTransport {
  const agent = guardedPushAgent({ allow: options.endpointAllow, base: options.agent });
  const vapidDetails = { subject: options.subject, ...options.vapid };
  return {
    async send(target, payload, { ttlSeconds, topic }) {
      webPush ??= import("web-push").then((module) => module.default);
      await (await webPush).sendNotification(target, payload, {
        vapidDetails,
        TTL: ttlSeconds,
        topic,
        timeout: 10_000,
        agent,
      });
    },
  };
}
