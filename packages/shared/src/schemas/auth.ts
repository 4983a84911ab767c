import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  LANGUAGES,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  REFERRAL_CODE_INPUT_MAX_LENGTH,
} from "../constants.ts";
import { altchaPayloadSchema } from "./challenge.ts";

export const languageSchema = z.enum(LANGUAGES);
export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).email();
export const nicknameSchema = z.string().trim().min(NICKNAME_MIN_LENGTH).max(NICKNAME_MAX_LENGTH);
export const referralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(REFERRAL_CODE_INPUT_MAX_LENGTH);

const passwordInput = z.string().min(1).max(PASSWORD_MAX_LENGTH);
/** Where Better Auth sends the user after a link: a path of this site only (no open redirect). */
export const sitePathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/, "must be a path of this site");
const redirect = sitePathSchema.optional();

/** The query of the links in mails (verify-email, reset-password/:token). */
export const authLinkQuerySchema = z
  .object({ callbackURL: redirect, token: z.string().min(1).max(2000).optional() })
  .passthrough();
export const signInBodySchema = z.object({
  email: z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH),
  password: passwordInput,
  callbackURL: redirect,
  rememberMe: z.boolean().optional(),
});
/** send-verification-email and request-password-reset. */
export const emailLinkBodySchema = z.object({
  email: emailSchema,
  callbackURL: redirect,
  redirectTo: redirect,
});
export const resetPasswordBodySchema = z.object({
  newPassword: passwordInput,
  token: z.string().min(1).max(500),
});
export const changePasswordBodySchema = z.object({
  currentPassword: passwordInput,
  newPassword: passwordInput,
  revokeOtherSessions: z.boolean().optional(),
});
export type SignInBody = z.infer<typeof signInBodySchema>;
export type EmailLinkBody = z.infer<typeof emailLinkBodySchema>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** Body of POST /api/auth/sign-up/email (Better Auth + our additional fields). */
export const signUpBodySchema = z.object({
  email: emailSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH),
  name: z.string().trim().max(100).optional(),
  nickname: z.string().max(200),
  referralCode: referralCodeSchema.optional(),
  language: languageSchema.optional(),
  callbackURL: z.string().max(500).optional(),
  /** The solved sign-up challenge (required while PROOF_OF_WORK is on, decision 0044). */
  altcha: altchaPayloadSchema.optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;
