import { sign } from "@telegram-apps/init-data-node";
import { describe, expect, it } from "vitest";
import { type Client, client, signUp, type TestApp, uniqueUser, useTestApp } from "./helpers.ts";

/**
 * Issue 32 point 7: `POST /api/auth/telegram/email` answered 409 EMAIL_IN_USE without bound, so
 * a Telegram account tested a list of addresses. Its "in use" answers now count on the sign-up's
 * counter of the network, and on one of the Telegram user's own.
 */
const BOT_TOKEN = "123456789:AAtest-token-for-the-fre-telegram-tests_0";
const test = useTestApp({ config: { TELEGRAM_BOT_TOKEN: BOT_TOKEN } });

const SIGN_UP = "/api/auth/sign-up/email";
const ADD_EMAIL = "/api/auth/telegram/email";
const HOUR = 60 * 60 * 1000;
let nextTelegramId = 710_000_000;

/** A new account opened with Telegram, signed in from `ip`. */
async function telegramAccount(ip: string): Promise<Client> {
  const c = client(test(), { ip });
  const initData = sign(
    { user: { id: nextTelegramId++, first_name: "Ana", language_code: "en" } },
    BOT_TOKEN,
    test().clock.now(),
  );
  const created = await c.post("/api/auth/telegram", { initData, create: true });
  expect(created.json()).toEqual({ outcome: "created" });
  return c;
}

/** The same signed-in browser, seen from another address. */
function from(browser: Client, ip: string): Client {
  const moved = client(test(), { ip });
  for (const [name, value] of browser.jar) moved.jar.set(name, value);
  return moved;
}

const addEmail = (browser: Client, email: string) =>
  browser.post(ADD_EMAIL, { email, password: "Str0ng!pass" });
const outcome = (r: { statusCode: number; json(): { error?: string } }) =>
  `${r.statusCode} ${r.json().error ?? ""}`.trim();

async function registeredEmail(app: TestApp) {
  return (await signUp(app, uniqueUser("tgbound"))).user.email;
}

describe("Telegram's e-mail answers are bounded", () => {
  it("shares the sign-up's counter of the network: 10 answers 'in use' from either, then 429 for both", async () => {
    const taken = await registeredEmail(test());
    // Three Telegram users and the sign-up form, all on one IPv6 /64.
    const a = await telegramAccount("2001:db8:32:7::a");
    const b = await telegramAccount("2001:db8:32:7::b");
    const c = await telegramAccount("2001:db8:32:7::c");
    for (let i = 1; i <= 4; i++) {
      const r = await client(test(), { ip: `2001:db8:32:7::${i}` }).post(SIGN_UP, {
        ...uniqueUser(),
        email: taken,
      });
      expect(outcome(r)).toBe("409 EMAIL_IN_USE");
    }
    for (const browser of [a, a, a, b, b, b]) {
      expect(outcome(await addEmail(browser, taken))).toBe("409 EMAIL_IN_USE");
    }
    // Ten answers on the network's counter: the Telegram route and the sign-up are both shut.
    const refused = await addEmail(c, taken);
    expect(outcome(refused)).toBe("429 RATE_LIMITED");
    expect(refused.json().retryAfter).toBeGreaterThan(0);
    expect(outcome(await addEmail(c, uniqueUser().email))).toBe("429 RATE_LIMITED");
    const signUpRefused = await client(test(), { ip: "2001:db8:32:7::99" }).post(SIGN_UP, {
      ...uniqueUser(),
      email: taken,
    });
    expect(outcome(signUpRefused)).toBe("429 RATE_LIMITED");

    // Another network is not concerned, and the hour passes.
    expect(outcome(await addEmail(from(c, "2001:db8:32:8::1"), taken))).toBe("409 EMAIL_IN_USE");
    test().clock.advance(HOUR);
    expect(outcome(await addEmail(c, taken))).toBe("409 EMAIL_IN_USE");
  });

  it("counts a Telegram answer toward a later sign-up's bound", async () => {
    const taken = await registeredEmail(test());
    const browser = await telegramAccount("198.51.100.61");
    for (let i = 0; i < 5; i++) {
      expect(outcome(await addEmail(browser, taken))).toBe("409 EMAIL_IN_USE");
    }
    for (let i = 0; i < 5; i++) {
      const r = await client(test(), { ip: "198.51.100.61" }).post(SIGN_UP, {
        ...uniqueUser(),
        email: taken,
      });
      expect(outcome(r)).toBe("409 EMAIL_IN_USE");
    }
    const r = await client(test(), { ip: "198.51.100.61" }).post(SIGN_UP, uniqueUser());
    expect(outcome(r)).toBe("429 RATE_LIMITED");
  });

  it("bounds one Telegram user whatever network it asks from: 5 answers 'in use' an hour", async () => {
    const taken = await registeredEmail(test());
    const browser = await telegramAccount("203.0.113.70");
    for (let i = 1; i <= 5; i++) {
      const r = await addEmail(from(browser, `203.0.113.${70 + i}`), taken);
      expect(outcome(r)).toBe("409 EMAIL_IN_USE");
    }
    const elsewhere = from(browser, "192.0.2.200");
    expect(outcome(await addEmail(elsewhere, taken))).toBe("429 RATE_LIMITED");
    // A free address gets the same answer meanwhile: the bound itself tells nothing.
    const free = uniqueUser().email;
    expect(outcome(await addEmail(elsewhere, free))).toBe("429 RATE_LIMITED");
    // Another Telegram user of that network is not concerned.
    const neighbour = await telegramAccount("192.0.2.200");
    expect(outcome(await addEmail(neighbour, taken))).toBe("409 EMAIL_IN_USE");

    test().clock.advance(HOUR);
    const added = await addEmail(elsewhere, free);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ email: free });
  });

  it("counts a burst of concurrent answers exactly", async () => {
    const taken = await registeredEmail(test());
    const browser = await telegramAccount("198.51.100.90");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => addEmail(from(browser, `198.51.100.${100 + i}`), taken)),
    );
    expect(answers.map(outcome).sort()).toEqual([
      ...Array(5).fill("409 EMAIL_IN_USE"),
      ...Array(7).fill("429 RATE_LIMITED"),
    ]);
  });
});
