import { z } from "zod";
import { MAX_COUNTED_REFERRALS } from "../mining.ts";
import { UNSAFE_CHARACTER } from "./common.ts";

/** The security circle's rules (issue 25, decision 0043): admin-editable, these are the defaults. */
export const DEFAULT_CIRCLE_SETTINGS = {
  minMembers: 3,
  maxMembers: 5,
  minActive: 3,
  capWithout: 5,
} as const;

/** The most members an admin may allow (a circle is people one knows, not a list). */
export const CIRCLE_MAX_MEMBERS_LIMIT = 20;
/** A nickname or a referral code: bounded, one line. */
export const CIRCLE_USER_REF_MAX_LENGTH = 32;

/** Control characters and bidi overrides: never in a reference to a user. */

export const circleSettingsSchema = z
  .object({
    minMembers: z.number().int().min(0).max(CIRCLE_MAX_MEMBERS_LIMIT),
    maxMembers: z.number().int().min(1).max(CIRCLE_MAX_MEMBERS_LIMIT),
    minActive: z.number().int().min(0).max(CIRCLE_MAX_MEMBERS_LIMIT),
    capWithout: z.number().int().min(0).max(MAX_COUNTED_REFERRALS),
  })
  .refine((s) => s.minMembers <= s.maxMembers, {
    message: "minMembers must not exceed maxMembers",
    path: ["minMembers"],
  })
  .refine((s) => s.minActive <= s.maxMembers, {
    message: "minActive must not exceed maxMembers",
    path: ["minActive"],
  });
export type CircleSettings = z.infer<typeof circleSettingsSchema>;

/** `POST /api/circle`: a member by nickname or referral code. */
export const circleAddBodySchema = z.object({
  userRef: z
    .string()
    .trim()
    .min(1)
    .max(CIRCLE_USER_REF_MAX_LENGTH)
    .refine((text) => !UNSAFE_CHARACTER.test(text), "must not contain control characters"),
});

/** `DELETE /api/circle/:userId`. */
export const circleMemberParamsSchema = z.object({ userId: z.uuid() });

/** `GET /api/circle`: my members and what they give. Never who named me. */
export const circleSchema = z.object({
  members: z.array(
    z.object({
      userId: z.string(),
      nickname: z.string(),
      addedAt: z.string(),
      /** Mined at some instant of the last 24 h and not suspended: the member counts. */
      active: z.boolean(),
      /** Suspended by an admin: never counts while the suspension lasts (decision 0056). */
      suspended: z.boolean(),
    }),
  ),
  activeCount: z.number().int(),
  /** Members needed for a complete circle, and members counting for an active one. */
  minMembers: z.number().int(),
  minActive: z.number().int(),
  maxMembers: z.number().int(),
  /** Referrals that count at most without a complete, active circle. */
  capWithout: z.number().int(),
  /** Complete and active: every counted referral (up to 20) earns its bonus. */
  complete: z.boolean(),
  /** How many referrals may count now (20 with a complete circle, else the cap without). */
  referralCap: z.number().int(),
  maxCountedReferrals: z.number().int(),
});
export type Circle = z.infer<typeof circleSchema>;
