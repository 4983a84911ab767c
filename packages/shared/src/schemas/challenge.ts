import { z } from "zod";

/** The actions a proof of work is asked for; a solution is valid for its own action only. */
export const CHALLENGE_ACTIONS = ["sign-up", "mining-start"] as const;
export type ChallengeAction = (typeof CHALLENGE_ACTIONS)[number];

export const challengeQuerySchema = z.object({ action: z.enum(CHALLENGE_ACTIONS) });
export type ChallengeQuery = z.infer<typeof challengeQuerySchema>;

const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[0-9a-f]*$/);

/** An ALTCHA (v2) challenge as the widget reads it: signed parameters, the action in `data`. */
export const challengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string().max(20),
    nonce: hex(64),
    salt: hex(64),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: hex(128),
    keySignature: hex(128).optional(),
    data: z.record(z.string().max(20), z.union([z.string().max(40), z.number()])).optional(),
  }),
  signature: hex(128),
});
export type Challenge = z.infer<typeof challengeSchema>;

/** The widget's solved payload (base64 of its JSON) as a body field or the `X-Altcha` header. */
export const altchaPayloadSchema = z
  .string()
  .min(1)
  .max(4000)
  .regex(/^[A-Za-z0-9+/=_-]+$/, "must be the widget's base64 payload");

/** The highest counter a challenge may hide: bounds the work asked of a phone. */
export const CHALLENGE_MAX_NUMBER = 5_000_000;

/**
 * What an admin tunes: the work asked by default (the counter is drawn up to `maxNumber`: on
 * average half of it is tried), the work asked of an address range (IPv4 /24, IPv6 /48) that
 * opened more than `busySignUps` accounts in the last hour.
 */
export const challengeSettingsSchema = z
  .object({
    maxNumber: z.number().int().min(1_000).max(CHALLENGE_MAX_NUMBER),
    busyMaxNumber: z.number().int().min(1_000).max(CHALLENGE_MAX_NUMBER),
    busySignUps: z.number().int().min(1).max(10_000),
  })
  .refine((s) => s.busyMaxNumber >= s.maxNumber, {
    path: ["busyMaxNumber"],
    message: "must be at least maxNumber",
  });
export type ChallengeSettings = z.infer<typeof challengeSettingsSchema>;
