import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the Telegram Bot API, speaking its protocol: `POST /bot<token>/<method>`
 * with a JSON, form (`application/x-www-form-urlencoded`) or query-string body; answers
 * `{ok: true, result}` or `{ok: false, error_code, description, parameters?}` with the HTTP
 * status of `error_code`, as Telegram does. Methods: `sendMessage`, `getChatMember` (and `getMe`).
 * Point the server at it with `TELEGRAM_API_URL=<fake.url>`.
 *
 * What it can be told:
 * - `blocked.add(chatId)`: that user blocked the bot — sendMessage answers 403;
 * - `members.set(chatId, new Map([[userId, "member"]]))`: who is in a channel (getChatMember;
 *   an unknown chat is 400 « chat not found », an absent user is `left`);
 * - `rateLimit(retryAfter, times)`: the next `times` calls answer 429 with `retry_after`;
 * - `failNext(status, times)`: the next calls answer that status (500, 502…).
 */
export interface FakeSentMessage {
  chatId: string;
  text: string;
  replyMarkup: unknown;
  /** When it was received (Date.now()). */
  at: number;
}

export interface FakeTelegramCall {
  method: string;
  body: Record<string, unknown>;
  at: number;
  /** The HTTP status it was answered with. */
  status: number;
}

export interface FakeTelegramBotApi {
  url: string;
  token: string;
  messages: FakeSentMessage[];
  calls: FakeTelegramCall[];
  blocked: Set<string>;
  members: Map<string, Map<number, string>>;
  rateLimit(retryAfterSeconds: number, times?: number): void;
  failNext(status: number, times?: number): void;
  /** The messages one chat received. */
  messagesTo(chatId: string | number): FakeSentMessage[];
  reset(): void;
  close(): Promise<void>;
}

/** A token shaped like @BotFather's, accepted by the config's check. */
export const FAKE_BOT_TOKEN = "123456789:AAFakeTokenForTestsOnly_abcdefghijklm";

const MAX_BODY = 64 * 1024;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error("too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A form field's value is a string; JSON-looking ones (reply_markup) are parsed like Telegram does. */
function formFields(params: URLSearchParams): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of params) {
    if (/^[[{]/.test(value)) {
      try {
        body[key] = JSON.parse(value);
        continue;
      } catch {
        /* a plain string */
      }
    }
    body[key] = value;
  }
  return body;
}

export async function startFakeTelegramBotApi(
  token: string = FAKE_BOT_TOKEN,
): Promise<FakeTelegramBotApi> {
  let limited: { retryAfter: number; times: number } | null = null;
  let failing: { status: number; times: number } | null = null;
  let messageId = 0;
  const fake: FakeTelegramBotApi = {
    url: "",
    token,
    messages: [],
    calls: [],
    blocked: new Set(),
    members: new Map(),
    rateLimit(retryAfter, times = 1) {
      limited = { retryAfter, times };
    },
    failNext(status, times = 1) {
      failing = { status, times };
    },
    messagesTo: (chatId) => fake.messages.filter((m) => m.chatId === String(chatId)),
    reset() {
      fake.messages.length = 0;
      fake.calls.length = 0;
      fake.blocked.clear();
      fake.members.clear();
      limited = null;
      failing = null;
    },
    close: async () => {},
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    let body: Record<string, unknown> = {};
    const call: FakeTelegramCall = { method: "", body, at: Date.now(), status: 200 };
    const answer = (status: number, payload: Record<string, unknown>) => {
      call.status = status;
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(payload));
    };
    const refuse = (code: number, description: string, parameters?: Record<string, unknown>) =>
      answer(code, {
        ok: false,
        error_code: code,
        description,
        ...(parameters ? { parameters } : {}),
      });

    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!match) return refuse(404, "Not Found");
    const [, givenToken, method] = match as unknown as [string, string, string];
    call.method = method;
    fake.calls.push(call);
    if (givenToken !== token) return refuse(401, "Unauthorized");

    const raw = request.method === "POST" ? await readBody(request) : "";
    const type = String(request.headers["content-type"] ?? "")
      .split(";")[0]!
      .trim();
    try {
      if (type === "application/json" && raw) body = JSON.parse(raw) as Record<string, unknown>;
      else if (type === "application/x-www-form-urlencoded") {
        body = formFields(new URLSearchParams(raw));
      } else body = formFields(url.searchParams);
    } catch {
      return refuse(400, "Bad Request: can't parse JSON");
    }
    call.body = body;

    if (limited && limited.times > 0) {
      limited.times -= 1;
      const retryAfter = limited.retryAfter;
      if (limited.times === 0) limited = null;
      return refuse(429, `Too Many Requests: retry after ${retryAfter}`, {
        retry_after: retryAfter,
      });
    }
    if (failing && failing.times > 0) {
      failing.times -= 1;
      const status = failing.status;
      if (failing.times === 0) failing = null;
      return refuse(status, "Internal Server Error");
    }

    const chatId = body.chat_id === undefined ? "" : String(body.chat_id);
    switch (method) {
      case "getMe":
        return answer(200, {
          ok: true,
          result: { id: Number(token.split(":")[0]), is_bot: true, first_name: "FRE" },
        });
      case "sendMessage": {
        if (!chatId) return refuse(400, "Bad Request: chat_id is empty");
        const text = typeof body.text === "string" ? body.text : "";
        if (!text.trim()) return refuse(400, "Bad Request: message text is empty");
        if (text.length > 4096) return refuse(400, "Bad Request: message is too long");
        const markup = body.reply_markup as
          | { inline_keyboard?: { text?: unknown; web_app?: { url?: unknown }; url?: unknown }[][] }
          | undefined;
        for (const row of markup?.inline_keyboard ?? []) {
          for (const key of row) {
            if (typeof key.text !== "string" || !key.text) {
              return refuse(400, "Bad Request: inline keyboard button text is empty");
            }
            const link = key.web_app?.url ?? key.url;
            if (typeof link !== "string" || !/^https?:\/\//.test(link)) {
              return refuse(400, "Bad Request: BUTTON_URL_INVALID");
            }
          }
        }
        if (fake.blocked.has(chatId)) return refuse(403, "Forbidden: bot was blocked by the user");
        messageId += 1;
        fake.messages.push({ chatId, text, replyMarkup: markup ?? null, at: call.at });
        return answer(200, {
          ok: true,
          result: {
            message_id: messageId,
            date: Math.floor(call.at / 1000),
            chat: { id: Number(chatId), type: "private" },
            text,
            ...(markup ? { reply_markup: markup } : {}),
          },
        });
      }
      case "getChatMember": {
        const userId = Number(body.user_id);
        if (!chatId) return refuse(400, "Bad Request: chat_id is empty");
        if (!Number.isSafeInteger(userId) || userId <= 0) {
          return refuse(400, "Bad Request: PARTICIPANT_ID_INVALID");
        }
        const chat = fake.members.get(chatId);
        if (!chat) return refuse(400, "Bad Request: chat not found");
        const status = chat.get(userId) ?? "left";
        return answer(200, {
          ok: true,
          result: {
            status,
            user: { id: userId, is_bot: false, first_name: "User" },
            ...(status === "restricted" ? { is_member: true } : {}),
          },
        });
      }
      default:
        return refuse(404, "Not Found: method not found");
    }
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ ok: false, error_code: 400, description: "Bad Request" }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
