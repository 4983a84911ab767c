import {
  telegramConfigSchema,
  telegramEmailBodySchema,
  telegramEmailResultSchema,
  telegramLinkBodySchema,
  telegramOutcomeSchema,
  telegramReminderSettingsBodySchema,
  telegramReminderSettingsSchema,
  telegramSignInBodySchema,
} from "../schemas/telegram.ts";
import { defineContracts, route } from "./contract.ts";

const tag = "auth";

/**
 * Telegram Mini App sign-in (apps/server/src/modules/telegram, decision 0042). Served by Fastify
 * beside the auth routes (its static paths win over Better Auth's `/api/auth/*` passthrough),
 * under the same per-address limit. Public: the link route checks the session itself (401).
 */
export const telegramContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/auth/telegram",
    access: "public",
    tag,
    summary: "Whether Telegram sign-in is on (a bot token is configured)",
    response: telegramConfigSchema,
    errors: [429],
  }),
  route({
    method: "POST",
    path: "/api/auth/telegram",
    access: "public",
    tag,
    summary: "Signs in with Telegram Mini App init data (or opens an account with `create`)",
    body: telegramSignInBodySchema,
    response: telegramOutcomeSchema,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  route({
    method: "POST",
    path: "/api/auth/telegram/link",
    access: "public",
    tag,
    summary: "Links the signed-in account to a Telegram account after a password check",
    body: telegramLinkBodySchema,
    response: telegramOutcomeSchema,
    errors: [400, 401, 404, 409, 429],
  }),
  route({
    method: "POST",
    path: "/api/auth/telegram/email",
    access: "public",
    tag,
    summary:
      "Gives an account opened with Telegram its e-mail and password (a verification mail goes)",
    body: telegramEmailBodySchema,
    response: telegramEmailResultSchema,
    errors: [400, 401, 409, 429],
  }),
  route({
    method: "GET",
    path: "/api/telegram/reminders",
    access: "user",
    tag: "telegram",
    summary: "The Telegram bot's reminders: linked, blocked, and each type on or off",
    response: telegramReminderSettingsSchema,
    errors: [401, 429],
  }),
  route({
    method: "PUT",
    path: "/api/telegram/reminders",
    access: "user",
    tag: "telegram",
    summary: "Switches Telegram reminder types on or off (and clears a « bot blocked » mark)",
    body: telegramReminderSettingsBodySchema,
    response: telegramReminderSettingsSchema,
    errors: [400, 401, 429],
  }),
]);
