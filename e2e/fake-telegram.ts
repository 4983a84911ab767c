import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startFakeTelegramBotApi } from "../apps/server/test/fake-telegram-bot-api.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The control address of the e2e's fake Bot API (see `startE2eFakeTelegram`). */
    telegramControlURL: string;
  }
}

/**
 * The e2e server's Bot API (TELEGRAM_API_URL): the servers' tests' fake, started by the global
 * setup. The tests run in other processes, so they reach it through a small control server on
 * 127.0.0.1 (e2e/fake-telegram-client.ts): `GET /messages?chatId=` (what that chat was sent) and `POST /members {chatId, userId,
 * status}` (who is in a channel, for getChatMember).
 */
export async function startE2eFakeTelegram(token: string) {
  const fake = await startFakeTelegramBotApi(token);
  const readJson = async (request: IncomingMessage) => {
    let raw = "";
    for await (const chunk of request) {
      raw += chunk;
      if (raw.length > 4096) throw new Error("too large");
    }
    return JSON.parse(raw) as { chatId?: unknown; userId?: unknown; status?: unknown };
  };
  const control: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://control");
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(payload));
    };
    if (request.method === "GET" && url.pathname === "/messages") {
      return send(200, fake.messagesTo(url.searchParams.get("chatId") ?? ""));
    }
    if (request.method === "POST" && url.pathname === "/members") {
      readJson(request)
        .then(({ chatId, userId, status }) => {
          if (typeof chatId !== "string" || typeof userId !== "number") {
            return send(400, { error: "chatId (string) and userId (number) are required" });
          }
          const chat = fake.members.get(chatId) ?? new Map<number, string>();
          chat.set(userId, typeof status === "string" ? status : "member");
          fake.members.set(chatId, chat);
          return send(200, { ok: true });
        })
        .catch(() => send(400, { error: "bad body" }));
      return;
    }
    send(404, { error: "not found" });
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  return {
    apiURL: fake.url,
    controlURL: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    async close() {
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await fake.close();
    },
  };
}
