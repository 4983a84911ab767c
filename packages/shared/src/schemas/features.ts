import { z } from "zod";
import { UNSAFE_CHARACTER } from "./common.ts";

/** The switchable parts of FRE (spec §1): each one on or off for everyone at once. */
export const FEATURE_IDS = ["games", "shop", "referrals"] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

export const MAINTENANCE_MESSAGE_MAX_LENGTH = 280;

/** Control characters (newlines included: the message is one line) and bidi overrides. */

/** What the admin tells users during a maintenance; "" means no message. */
export const maintenanceMessageSchema = z
  .string()
  .trim()
  .max(MAINTENANCE_MESSAGE_MAX_LENGTH)
  .refine((text) => !UNSAFE_CHARACTER.test(text), "must not contain control characters");

/** `GET /api/features`: what is on right now. */
export const featuresSchema = z.object({
  games: z.boolean(),
  shop: z.boolean(),
  referrals: z.boolean(),
  maintenance: z.object({ active: z.boolean(), message: z.string().nullable() }),
});
export type Features = z.infer<typeof featuresSchema>;

/**
 * `PUT /api/admin/features`: the switches to change; a switch left out keeps its state (two
 * admins changing different switches at once do not undo each other). `maintenance` is given
 * whole: a message left out means none.
 */
export const featuresBodySchema = z
  .strictObject({
    games: z.boolean().optional(),
    shop: z.boolean().optional(),
    referrals: z.boolean().optional(),
    maintenance: z
      .strictObject({
        active: z.boolean(),
        message: maintenanceMessageSchema.optional(),
      })
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "must change at least one switch",
  });
export type FeaturesBody = z.infer<typeof featuresBodySchema>;

/** Everything on, no maintenance: a new installation, and whatever was never set. */
export const DEFAULT_FEATURES: Features = {
  games: true,
  shop: true,
  referrals: true,
  maintenance: { active: false, message: null },
};
