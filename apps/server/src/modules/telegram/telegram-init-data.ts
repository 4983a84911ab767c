import { validate } from "@telegram-apps/init-data-node";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";

/** Telegram's own advice and the rule: init data older than a day is refused. */
export const INIT_DATA_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A host clock slightly ahead of ours is tolerated; init data from further ahead is not. */
const FUTURE_SKEW_MS = 5 * 60 * 1000;

/**
 * The fields FRE reads, once the hash checked out. Read here rather than by the library's
 * `parse`, which requires the `signature` field (Bot API 8.0's Ed25519 one): older Telegram
 * clients send none, and the bot-token `hash` is what FRE checks (decision 0056).
 */
const initDataUserSchema = z.object({
  id: z.number(),
  is_bot: z.boolean().optional(),
  first_name: z.string().max(256).optional(),
  username: z.string().max(256).optional(),
  language_code: z.string().max(35).optional(),
});

function parsed(raw: string) {
  const params = new URLSearchParams(raw);
  const authDate = Number(params.get("auth_date"));
  const hash = params.get("hash") ?? "";
  let user: z.infer<typeof initDataUserSchema> | undefined;
  try {
    const text = params.get("user");
    user = text === null ? undefined : initDataUserSchema.parse(JSON.parse(text));
  } catch {
    throw new AppError("TELEGRAM_INIT_DATA_INVALID", 401);
  }
  if (!Number.isSafeInteger(authDate) || authDate <= 0 || !/^[0-9a-f]{64}$/.test(hash)) {
    throw new AppError("TELEGRAM_INIT_DATA_INVALID", 401);
  }
  return {
    user,
    hash,
    auth_date: new Date(authDate * 1000),
    start_param: params.get("start_param")?.slice(0, 512) ?? "",
  };
}

/** What FRE keeps of a Mini App launch whose signature checked out. */
export interface CheckedInitData {
  telegramId: number;
  username: string | null;
  firstName: string;
  languageCode: string | null;
  startParam: string | null;
  /** The signature, hex: each one is accepted once. */
  hash: string;
  authDate: Date;
}

/**
 * Checks the init data against the bot token (HMAC-SHA256 with the key HMAC("WebAppData", token)
 * over the sorted `key=value` lines, by @telegram-apps/init-data-node) and its age against our
 * clock (the library's own age check reads the system clock, so it is off and done here).
 * Nothing of the init data is logged: it names a person.
 */
export function checkInitData(raw: string, botToken: string, now: Date): CheckedInitData {
  try {
    validate(raw, botToken, { expiresIn: 0 });
  } catch {
    throw new AppError("TELEGRAM_INIT_DATA_INVALID", 401);
  }
  const data = parsed(raw);
  const user = data.user;
  if (!user || user.is_bot || !Number.isSafeInteger(user.id) || user.id <= 0) {
    throw new AppError("TELEGRAM_INIT_DATA_INVALID", 401);
  }
  const age = now.getTime() - data.auth_date.getTime();
  if (age < -FUTURE_SKEW_MS) throw new AppError("TELEGRAM_INIT_DATA_INVALID", 401);
  if (age > INIT_DATA_MAX_AGE_MS) throw new AppError("TELEGRAM_INIT_DATA_EXPIRED", 401);
  return {
    telegramId: user.id,
    username: user.username?.slice(0, 64) || null,
    firstName: user.first_name ?? "",
    languageCode: user.language_code ?? null,
    startParam: data.start_param || null,
    hash: data.hash,
    authDate: data.auth_date,
  };
}
