import { createHmac } from "node:crypto";
import { sign } from "@telegram-apps/init-data-node";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { checkInitData } from "./telegram-init-data.ts";

const BOT_TOKEN = "123456789:AAtest-token-for-the-fre-telegram-tests_0";
const NOW = new Date("2026-12-01T12:00:00Z");

/**
 * Init data as an older Telegram client sends it: no `signature` field (the Ed25519 one of
 * Bot API 8.0), only the bot-token `hash` over the sorted `key=value` lines.
 */
function legacyInitData(fields: Record<string, string>, token = BOT_TOKEN) {
  const lines = Object.entries(fields)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join("\n");
  const key = createHmac("sha256", "WebAppData").update(token).digest();
  const hash = createHmac("sha256", key).update(lines).digest("hex");
  return new URLSearchParams({ ...fields, hash }).toString();
}

const authDate = String(Math.floor(NOW.getTime() / 1000) - 60);
const user = JSON.stringify({
  id: 4242,
  first_name: "Léa",
  username: "lea_tg",
  language_code: "ru",
});

describe("checkInitData", () => {
  it("accepts init data without a signature field (older clients): the hash is what FRE checks", () => {
    const raw = legacyInitData({ auth_date: authDate, query_id: "AAF", user, start_param: "REF" });
    expect(new URLSearchParams(raw).has("signature")).toBe(false);
    const checked = checkInitData(raw, BOT_TOKEN, NOW);
    expect(checked).toMatchObject({
      telegramId: 4242,
      username: "lea_tg",
      firstName: "Léa",
      languageCode: "ru",
      startParam: "REF",
    });
    expect(checked.authDate.toISOString()).toBe(new Date(Number(authDate) * 1000).toISOString());
    expect(checked.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("still accepts the newer init data that carries a signature", () => {
    const raw = sign(
      { user: { id: 77, first_name: "Ana" } },
      BOT_TOKEN,
      new Date(NOW.getTime() - 1000),
    );
    expect(checkInitData(raw, BOT_TOKEN, NOW).telegramId).toBe(77);
  });

  it("refuses legacy init data signed with another token, or without a user", () => {
    const code = (raw: string) => {
      try {
        checkInitData(raw, BOT_TOKEN, NOW);
        return "accepted";
      } catch (error) {
        return error instanceof AppError ? error.code : String(error);
      }
    };
    expect(
      code(
        legacyInitData(
          { auth_date: authDate, user },
          "987654321:BBanother-bot-token-that-is-not-ours_0000",
        ),
      ),
    ).toBe("TELEGRAM_INIT_DATA_INVALID");
    expect(code(legacyInitData({ auth_date: authDate }))).toBe("TELEGRAM_INIT_DATA_INVALID");
    expect(code(legacyInitData({ auth_date: authDate, user: "{not json" }))).toBe(
      "TELEGRAM_INIT_DATA_INVALID",
    );
    const old = String(Math.floor(NOW.getTime() / 1000) - 2 * 24 * 3600);
    expect(code(legacyInitData({ auth_date: old, user }))).toBe("TELEGRAM_INIT_DATA_EXPIRED");
  });
});
