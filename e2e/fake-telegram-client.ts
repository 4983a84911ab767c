import { inject } from "vitest";
import type { FakeSentMessage } from "../apps/server/test/fake-telegram-bot-api.ts";
// `telegramControlURL` is declared (ProvidedContext) and provided with the fake, in fake-telegram.ts.

/** What the fake Bot API sent to one chat (sendMessage), oldest first. */
export async function telegramMessagesTo(chatId: number | string): Promise<FakeSentMessage[]> {
  const answer = await fetch(
    `${inject("telegramControlURL")}/messages?chatId=${encodeURIComponent(String(chatId))}`,
  );
  return (await answer.json()) as FakeSentMessage[];
}

/** Makes `userId` a member (or `status`) of the channel `chatId`, as getChatMember will answer. */
export async function setTelegramChatMember(chatId: string, userId: number, status = "member") {
  const answer = await fetch(`${inject("telegramControlURL")}/members`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ chatId, userId, status }),
  });
  if (!answer.ok) throw new Error(`fake Telegram control: ${await answer.text()}`);
}
