import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants.ts";
import { emailSchema } from "./auth.ts";

/**
 * The Mini App's init data as Telegram hands it (`tgWebAppData`): a URL-encoded query string,
 * printable ASCII only (no space, no control character), a few hundred bytes in practice.
 */
export const TELEGRAM_INIT_DATA_MAX_LENGTH = 4096;
export const telegramInitDataSchema = z
  .string()
  .min(1)
  .max(TELEGRAM_INIT_DATA_MAX_LENGTH)
  .regex(/^[\x21-\x7e]+$/, "must be a URL-encoded query string");

/**
 * The address domain of an account opened with Telegram before its owner gave an e-mail: `.invalid`
 * is reserved (RFC 2606), so nothing can ever be delivered there. Never shown, never mailed.
 */
export const TELEGRAM_PLACEHOLDER_EMAIL_DOMAIN = "telegram.invalid";
export const isPlaceholderEmail = (email: string) =>
  email.toLowerCase().endsWith(`@${TELEGRAM_PLACEHOLDER_EMAIL_DOMAIN}`);

/** `GET /api/auth/telegram`: whether Telegram sign-in is on (a bot token is configured). */
export const telegramConfigSchema = z.object({
  enabled: z.boolean(),
  /** The Mini App's t.me link (TELEGRAM_MINI_APP_URL): where a wallet sends the user back. */
  miniAppUrl: z.string().nullable(),
});
export type TelegramConfig = z.infer<typeof telegramConfigSchema>;

/**
 * `POST /api/auth/telegram`. `create`: open a new account when this Telegram account is linked to
 * none and nobody is signed in (without it the answer is `choose`, so a user who already has an
 * account can sign in and link it instead).
 */
export const telegramSignInBodySchema = z.strictObject({
  initData: telegramInitDataSchema,
  create: z.boolean().optional(),
});
export type TelegramSignInBody = z.infer<typeof telegramSignInBodySchema>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const NO_CONTROL_CHARACTER = /^[^\u0000-\u001f\u007f]+$/;
/** A password as typed: no control character (none can be typed, and none is stored). */
const passwordInput = z.string().min(1).max(PASSWORD_MAX_LENGTH).regex(NO_CONTROL_CHARACTER);

/** `POST /api/auth/telegram/link`: links the signed-in account after its password is checked. */
export const telegramLinkBodySchema = z.strictObject({
  initData: telegramInitDataSchema,
  password: passwordInput,
});
export type TelegramLinkBody = z.infer<typeof telegramLinkBodySchema>;

/**
 * What happened: `signed-in` (a linked account; session cookie set), `created` (a new account;
 * session cookie set), `linked` (the signed-in account is now linked), `link-available` (someone is
 * signed in and this Telegram account is linked to none: link it with the password), `choose`
 * (nobody signed in, nothing linked: create an account, or sign in and link).
 */
export const telegramOutcomeSchema = z.object({
  outcome: z.enum(["signed-in", "created", "linked", "link-available", "choose"]),
});
export type TelegramOutcome = z.infer<typeof telegramOutcomeSchema>;

/**
 * `POST /api/auth/telegram/email`: the e-mail (and the password that goes with it) of an account
 * opened with Telegram; a verification mail is sent to it.
 */
export const telegramEmailBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordInput,
});
export type TelegramEmailBody = z.infer<typeof telegramEmailBodySchema>;
export const telegramEmailResultSchema = z.object({ email: z.string() });

/**
 * Reminders through the Telegram bot (issue 38 point 2): the five types, each on by default and
 * switched off in the profile.
 */
export const TELEGRAM_REMINDER_TYPES = [
  "session_ended",
  "streak",
  "withdrawal_paid",
  "support_answered",
  "league_result",
] as const;
export type TelegramReminderType = (typeof TELEGRAM_REMINDER_TYPES)[number];

const reminderSwitches = {
  session_ended: z.boolean(),
  streak: z.boolean(),
  withdrawal_paid: z.boolean(),
  support_answered: z.boolean(),
  league_result: z.boolean(),
} satisfies Record<TelegramReminderType, z.ZodBoolean>;

export const telegramReminderSettingsSchema = z.object({
  /** The account is linked to Telegram (reminders go to that chat). */
  linked: z.boolean(),
  /** Telegram said the user blocked the bot: nothing is sent until they save this section again. */
  blocked: z.boolean(),
  types: z.object(reminderSwitches),
});
export type TelegramReminderSettings = z.infer<typeof telegramReminderSettingsSchema>;

/** The switches to change (the others keep their value); strict: an unknown type is a 400. */
export const telegramReminderSettingsBodySchema = z.strictObject({
  types: z.strictObject(reminderSwitches).partial(),
});
export type TelegramReminderSettingsBody = z.infer<typeof telegramReminderSettingsBodySchema>;
