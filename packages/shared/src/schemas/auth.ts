import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  LANGUAGES,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
} from "../constants.ts";

export const languageSchema = z.enum(LANGUAGES);
export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).email();
export const nicknameSchema = z.string().trim().min(NICKNAME_MIN_LENGTH).max(NICKNAME_MAX_LENGTH);
export const referralCodeSchema = z.string().trim().toUpperCase().max(32);

/** Body of POST /api/auth/sign-up/email (Better Auth + our additional fields). */
export const signUpBodySchema = z.object({
  email: emailSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH),
  name: z.string().trim().max(100).optional(),
  nickname: z.string().max(200),
  referralCode: referralCodeSchema.optional(),
  language: languageSchema.optional(),
  callbackURL: z.string().max(500).optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;
