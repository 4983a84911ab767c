import { z } from "zod";

const base64UrlSchema = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
/** A browser's PushSubscription.toJSON(): only https push services. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.url().startsWith("https://").max(PUSH_ENDPOINT_MAX_LENGTH),
  keys: z.object({
    p256dh: base64UrlSchema.min(80).max(120),
    auth: base64UrlSchema.min(16).max(40),
  }),
});
/** Unsubscribing names the endpoint only; an unknown one is a no-op. */
export const pushUnsubscribeBodySchema = z.object({
  endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH),
});

export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;
