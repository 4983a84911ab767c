import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";

function bootError(token: string): string {
  try {
    loadConfig({ TELEGRAM_BOT_TOKEN: token });
    return "started";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("TELEGRAM_BOT_TOKEN at boot", () => {
  it("a malformed token stops the boot with what a token looks like and where it comes from", () => {
    const message = bootError("my-bot-token");
    expect(message).toContain("TELEGRAM_BOT_TOKEN");
    expect(message).toContain("123456789:AA…");
    expect(message).toContain("@BotFather");
    // The value typed is a secret (or a pasted one): never echoed.
    expect(message).not.toContain("my-bot-token");
  });

  it("a token missing its secret part is refused the same way; a real-looking one starts", () => {
    expect(bootError("123456789")).toContain("@BotFather");
    expect(bootError("123456789:AAtest-token-for-the-fre-telegram-tests_0")).toBe("started");
  });
});
