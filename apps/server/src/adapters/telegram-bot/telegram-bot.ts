/**
 * The Telegram Bot API (https://core.telegram.org/bots/api), the two methods FRE uses:
 * `sendMessage` (a reminder, with one button that opens the Mini App) and `getChatMember` (is
 * this Telegram user a member of that channel). Every call is `POST <apiUrl>/bot<token>/<method>`
 * with a JSON body; the answer is `{ok: true, result}` or `{ok: false, error_code, description,
 * parameters}`. A refusal is a typed error: `TelegramBlockedError` (403: the user blocked the bot,
 * or it was kicked from the chat), `TelegramRateLimitedError` (429, with `retryAfterSeconds` from
 * `parameters.retry_after`), `TelegramBadRequestError` (400: chat not found, bad button…); any
 * other failure (401 bad token, 5xx, timeout, garbage) is a `TelegramBotError` worth retrying
 * later. The token is a secret: no error, message or log line ever quotes the URL.
 */

export type TelegramBotErrorCode =
  | "TELEGRAM_BLOCKED"
  | "TELEGRAM_RATE_LIMITED"
  | "TELEGRAM_BAD_REQUEST"
  | "TELEGRAM_UNAVAILABLE";

export class TelegramBotError extends Error {
  override name = "TelegramBotError";
  constructor(
    readonly code: TelegramBotErrorCode,
    /** The Bot API's `error_code` (its HTTP status), 0 without an answer (a timeout, a reset). */
    readonly status: number,
    /** The Bot API's `description` (« Forbidden: bot was blocked by the user »), bounded. */
    readonly description: string,
  ) {
    super(`Telegram Bot API: ${status || "no answer"} ${description}`.slice(0, 300));
  }
}

/** 403: the user blocked the bot (or deleted their account; or the bot is out of that chat). */
export class TelegramBlockedError extends TelegramBotError {
  override name = "TelegramBlockedError";
  constructor(description: string) {
    super("TELEGRAM_BLOCKED", 403, description);
  }
}

/** 429: flood control; nothing more may be sent for `retryAfterSeconds`. */
export class TelegramRateLimitedError extends TelegramBotError {
  override name = "TelegramRateLimitedError";
  constructor(
    description: string,
    readonly retryAfterSeconds: number,
  ) {
    super("TELEGRAM_RATE_LIMITED", 429, description);
  }
}

/** 400: the request itself is wrong for Telegram (chat not found, user not found, bad markup). */
export class TelegramBadRequestError extends TelegramBotError {
  override name = "TelegramBadRequestError";
  constructor(description: string) {
    super("TELEGRAM_BAD_REQUEST", 400, description);
  }
}

/** One inline button: a Web App (opens the Mini App at that https URL) or a plain link. */
export type TelegramButton = { text: string; webAppUrl: string } | { text: string; url: string };

export interface SendMessageInput {
  /** A private chat's id is the user's Telegram id. */
  chatId: number | string;
  text: string;
  /** One button under the message (an inline keyboard of one row). */
  button?: TelegramButton;
  disableNotification?: boolean;
}

export interface SentMessage {
  messageId: number;
  chatId: number;
}

/** A chat member's status as Telegram says it. */
export type ChatMemberStatus =
  | "creator"
  | "administrator"
  | "member"
  | "restricted"
  | "left"
  | "kicked";

export interface ChatMember {
  status: ChatMemberStatus;
  /** True for creator, administrator, member, and a restricted user still in the chat. */
  isMember: boolean;
}

export interface TelegramBot {
  sendMessage(input: SendMessageInput): Promise<SentMessage>;
  getChatMember(chatId: number | string, userId: number): Promise<ChatMember>;
}

export interface TelegramBotOptions {
  /** TELEGRAM_API_URL: `https://api.telegram.org`, or a local fake in tests. */
  apiUrl: string;
  /** TELEGRAM_BOT_TOKEN. Secret. */
  token: string;
  fetch?: typeof fetch;
  /** Per-request timeout (default 10 s). */
  timeoutMs?: number;
}

/** The most bytes of an answer read (a sendMessage answer is under 2 KiB). */
const MAX_ANSWER_BYTES = 256 * 1024;
const STATUSES = new Set<string>([
  "creator",
  "administrator",
  "member",
  "restricted",
  "left",
  "kicked",
]);

const clip = (text: unknown) =>
  typeof text === "string" ? text.replace(/\p{Cc}/gu, " ").slice(0, 200) : "";

function keyboardOf(button: TelegramButton) {
  const key =
    "webAppUrl" in button
      ? { text: button.text, web_app: { url: button.webAppUrl } }
      : { text: button.text, url: button.url };
  return { inline_keyboard: [[key]] };
}

interface ApiAnswer {
  ok?: unknown;
  result?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown } | null;
}

/** The typed error of a refusal. */
function refusal(status: number, answer: ApiAnswer | null): TelegramBotError {
  const code = typeof answer?.error_code === "number" ? answer.error_code : status;
  const description = clip(answer?.description) || `HTTP ${status}`;
  if (code === 403) return new TelegramBlockedError(description);
  if (code === 429) {
    const retryAfter = Number(answer?.parameters?.retry_after);
    const seconds =
      Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 86_400) : 1;
    return new TelegramRateLimitedError(description, seconds);
  }
  if (code === 400) return new TelegramBadRequestError(description);
  return new TelegramBotError("TELEGRAM_UNAVAILABLE", code, description);
}

export function createTelegramBot(options: TelegramBotOptions): TelegramBot {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.apiUrl.replace(/\/+$/, "");

  async function call(method: string, body: Record<string, unknown>): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}/bot${options.token}/${method}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // The fetch error may quote the URL, hence the token: only its name is kept.
      const name = (error as { name?: unknown } | null)?.name;
      throw new TelegramBotError("TELEGRAM_UNAVAILABLE", 0, clip(String(name ?? "fetch failed")));
    }
    let answer: ApiAnswer | null = null;
    try {
      const declared = Number(response.headers.get("content-length") ?? "0");
      if (declared > MAX_ANSWER_BYTES) throw new Error("too large");
      const text = await response.text();
      if (text.length > MAX_ANSWER_BYTES) throw new Error("too large");
      const parsed: unknown = JSON.parse(text);
      answer = parsed && typeof parsed === "object" ? (parsed as ApiAnswer) : null;
    } catch {
      answer = null;
    }
    if (response.ok && answer?.ok === true) return answer.result;
    if (response.ok && !answer) {
      throw new TelegramBotError("TELEGRAM_UNAVAILABLE", response.status, "unreadable answer");
    }
    throw refusal(response.ok ? 500 : response.status, answer);
  }

  return {
    async sendMessage(input) {
      const result = (await call("sendMessage", {
        chat_id: input.chatId,
        text: input.text.slice(0, 4096),
        ...(input.button ? { reply_markup: keyboardOf(input.button) } : {}),
        ...(input.disableNotification ? { disable_notification: true } : {}),
      })) as { message_id?: unknown; chat?: { id?: unknown } } | null;
      const messageId = Number(result?.message_id);
      const chatId = Number(result?.chat?.id);
      if (!Number.isSafeInteger(messageId)) {
        throw new TelegramBotError("TELEGRAM_UNAVAILABLE", 200, "sendMessage: no message_id");
      }
      return { messageId, chatId: Number.isSafeInteger(chatId) ? chatId : Number(input.chatId) };
    },
    async getChatMember(chatId, userId) {
      const result = (await call("getChatMember", { chat_id: chatId, user_id: userId })) as {
        status?: unknown;
        is_member?: unknown;
      } | null;
      const status = typeof result?.status === "string" ? result.status : "";
      if (!STATUSES.has(status)) {
        throw new TelegramBotError("TELEGRAM_UNAVAILABLE", 200, "getChatMember: unknown status");
      }
      const isMember =
        status === "creator" ||
        status === "administrator" ||
        status === "member" ||
        (status === "restricted" && result?.is_member === true);
      return { status: status as ChatMemberStatus, isMember };
    },
  };
}
