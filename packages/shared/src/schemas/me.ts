import { z } from "zod";
import { languageSchema } from "./auth.ts";
import { tonWalletSchema } from "./ton.ts";

export const cookieConsentSchema = z.object({
  necessary: z.literal(true),
  functional: z.boolean(),
  analytics: z.boolean(),
  advertising: z.boolean(),
});
export type CookieConsent = z.infer<typeof cookieConsentSchema>;

export const roleSchema = z.enum(["user", "admin"]);
export const kycStatusSchema = z.enum(["none", "pending", "approved", "rejected"]);

export const meResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  nickname: z.string(),
  referralCode: z.string(),
  role: roleSchema,
  level: z.number().int(),
  kycStatus: kycStatusSchema,
  language: languageSchema,
  cookieConsent: cookieConsentSchema.nullable(),
  createdAt: z.string(),
  /** Spendable FRE, 9 fraction digits. */
  balance: z.string(),
  /** Lifetime mined FRE (leaderboard). */
  totalMined: z.string(),
  /** Current rate in FRE per hour. */
  miningRate: z.string(),
  /** The TON wallet the user proved to own (ton_proof), or null. */
  tonWallet: tonWalletSchema.nullable(),
});
export type Me = z.infer<typeof meResponseSchema>;

export const updateMeBodySchema = z
  .object({
    language: languageSchema.optional(),
    cookieConsent: cookieConsentSchema.optional(),
  })
  .strict();
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;
