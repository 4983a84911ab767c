import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_BOT_TOKEN,
  type FakeTelegramBotApi,
  startFakeTelegramBotApi,
} from "../../../test/fake-telegram-bot-api.ts";
import {
  createTelegramBot,
  TelegramBadRequestError,
  TelegramBlockedError,
  TelegramBotError,
  TelegramRateLimitedError,
} from "./telegram-bot.ts";

let fake: FakeTelegramBotApi;
beforeAll(async () => {
  fake = await startFakeTelegramBotApi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const bot = () => createTelegramBot({ apiUrl: fake.url, token: FAKE_BOT_TOKEN });

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

describe("the Telegram Bot API client against the fake Bot API", () => {
  it("sends a message with a web_app button, as JSON", async () => {
    const sent = await bot().sendMessage({
      chatId: 4242,
      text: "Ta session est terminée",
      button: { text: "Ouvrir FRE", webAppUrl: "https://fre.example.com/dashboard" },
    });
    expect(sent).toEqual({ messageId: 1, chatId: 4242 });
    expect(fake.messagesTo(4242)).toEqual([
      {
        chatId: "4242",
        text: "Ta session est terminée",
        replyMarkup: {
          inline_keyboard: [
            [{ text: "Ouvrir FRE", web_app: { url: "https://fre.example.com/dashboard" } }],
          ],
        },
        at: expect.any(Number),
      },
    ]);
  });

  it("sends a link button too", async () => {
    await bot().sendMessage({
      chatId: "77",
      text: "Hi",
      button: { text: "Open", url: "https://t.me/fre_bot/app" },
    });
    expect(fake.messagesTo(77)[0]?.replyMarkup).toEqual({
      inline_keyboard: [[{ text: "Open", url: "https://t.me/fre_bot/app" }]],
    });
  });

  it("reads a chat member's status", async () => {
    fake.members.set(
      "-100123",
      new Map([
        [1, "member"],
        [2, "administrator"],
        [3, "kicked"],
        [4, "restricted"],
      ]),
    );
    const client = bot();
    expect(await client.getChatMember(-100123, 1)).toEqual({ status: "member", isMember: true });
    expect(await client.getChatMember("-100123", 2)).toEqual({
      status: "administrator",
      isMember: true,
    });
    expect(await client.getChatMember(-100123, 3)).toEqual({ status: "kicked", isMember: false });
    expect(await client.getChatMember(-100123, 4)).toEqual({
      status: "restricted",
      isMember: true,
    });
    expect(await client.getChatMember(-100123, 5)).toEqual({ status: "left", isMember: false });
    const unknownChat = await refusalOf(client.getChatMember("@nowhere", 1));
    expect(unknownChat).toBeInstanceOf(TelegramBadRequestError);
    expect(unknownChat).toMatchObject({ code: "TELEGRAM_BAD_REQUEST", status: 400 });
  });

  it("turns a 403 into a TelegramBlockedError", async () => {
    fake.blocked.add("9");
    const error = await refusalOf(bot().sendMessage({ chatId: 9, text: "x" }));
    expect(error).toBeInstanceOf(TelegramBlockedError);
    expect(error).toMatchObject({
      code: "TELEGRAM_BLOCKED",
      status: 403,
      description: "Forbidden: bot was blocked by the user",
    });
    expect(fake.messages).toEqual([]);
  });

  it("turns a 429 into a TelegramRateLimitedError with retry_after", async () => {
    fake.rateLimit(7);
    const error = await refusalOf(bot().sendMessage({ chatId: 1, text: "x" }));
    expect(error).toBeInstanceOf(TelegramRateLimitedError);
    expect(error).toMatchObject({ code: "TELEGRAM_RATE_LIMITED", retryAfterSeconds: 7 });
    // Only once: the next one passes.
    await bot().sendMessage({ chatId: 1, text: "x" });
    expect(fake.messages).toHaveLength(1);
  });

  it("turns a 400 into a TelegramBadRequestError", async () => {
    const error = await refusalOf(bot().sendMessage({ chatId: 1, text: "   " }));
    expect(error).toBeInstanceOf(TelegramBadRequestError);
  });

  it("a bad token, a 5xx or no server at all are retryable failures that never quote the token", async () => {
    const wrong = createTelegramBot({ apiUrl: fake.url, token: "1:wrong" });
    const unauthorized = await refusalOf(wrong.sendMessage({ chatId: 1, text: "x" }));
    expect(unauthorized).toMatchObject({ code: "TELEGRAM_UNAVAILABLE", status: 401 });

    fake.failNext(502);
    const failed = await refusalOf(bot().sendMessage({ chatId: 1, text: "x" }));
    expect(failed).toMatchObject({ code: "TELEGRAM_UNAVAILABLE", status: 502 });

    const nowhere = createTelegramBot({
      apiUrl: "http://127.0.0.1:1",
      token: FAKE_BOT_TOKEN,
      timeoutMs: 2000,
    });
    const unreachable = await refusalOf(nowhere.sendMessage({ chatId: 1, text: "x" }));
    expect(unreachable).toBeInstanceOf(TelegramBotError);
    expect(unreachable).toMatchObject({ code: "TELEGRAM_UNAVAILABLE", status: 0 });
    for (const error of [unauthorized, failed, unreachable]) {
      expect(String((error as Error).message)).not.toContain(FAKE_BOT_TOKEN.split(":")[1]);
    }
  });

  it("the fake also takes form bodies, as Telegram does", async () => {
    const response = await fetch(`${fake.url}/bot${FAKE_BOT_TOKEN}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        chat_id: "55",
        text: "form",
        reply_markup: JSON.stringify({
          inline_keyboard: [[{ text: "Go", web_app: { url: "https://x.example/" } }]],
        }),
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, result: { chat: { id: 55 } } });
    expect(fake.messagesTo(55)[0]?.replyMarkup).toMatchObject({ inline_keyboard: [[{}]] });
    const unknown = await fetch(`${fake.url}/bot${FAKE_BOT_TOKEN}/nope`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ ok: false, error_code: 404 });
  });
});
