import { sign } from "@telegram-apps/init-data-node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { telegramAccounts, users } from "../src/db/schema/index.ts";
import { client, outbox, signUp, type TestApp, uniqueUser, useTestApp } from "./helpers.ts";

const BOT_TOKEN = "123456789:AAtest-token-for-the-fre-telegram-tests_0";
const OTHER_BOT = "987654321:BBanother-bot-token-that-is-not-ours_0000";

let nextTelegramId = 700_000_000;

/** Init data as Telegram would sign it for our bot (or another), issued at `at`. */
function initData(
  test: TestApp,
  options: {
    id?: number;
    username?: string;
    firstName?: string;
    startParam?: string;
    at?: Date;
    token?: string;
  } = {},
) {
  const id = options.id ?? nextTelegramId++;
  const user: { id: number; first_name: string; username?: string; language_code: string } = {
    id,
    first_name: options.firstName ?? "Ana",
    language_code: "en",
  };
  if (options.username !== undefined) user.username = options.username;
  return sign(
    { user, ...(options.startParam ? { start_param: options.startParam } : {}) },
    options.token ?? BOT_TOKEN,
    options.at ?? test.clock.now(),
  );
}

describe("Telegram sign-in, feature on", () => {
  const test = useTestApp({
    config: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_MINI_APP_URL: "https://t.me/fre_test_bot/app",
    },
  });

  it("tells the web the feature is on", async () => {
    const response = await client(test()).get("/api/auth/telegram");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: true, miniAppUrl: "https://t.me/fre_test_bot/app" });
  });

  it("asks a visitor to choose before opening an account, and spends nothing", async () => {
    const data = initData(test(), { username: "chooser" });
    const c = client(test());
    const first = await c.post("/api/auth/telegram", { initData: data });
    expect(first.json()).toEqual({ outcome: "choose" });
    expect(first.headers["set-cookie"]).toBeUndefined();
    const created = await c.post("/api/auth/telegram", { initData: data, create: true });
    expect(created.json()).toEqual({ outcome: "created" });
  });

  it("opens an account signed in, with no address to mail and Telegram's username", async () => {
    const id = nextTelegramId++;
    const c = client(test());
    const response = await c.post("/api/auth/telegram", {
      initData: initData(test(), { id, username: "tg_ana" }),
      create: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: "created" });
    const cookies = String(response.headers["set-cookie"]);
    expect(cookies).toContain("fre.session_token=");
    expect(cookies).toContain("HttpOnly");
    const me = (await c.get("/api/me")).json();
    expect(me.nickname).toBe("tg_ana");
    expect(me.emailVerified).toBe(false);
    expect(me.language).toBe("en");
    const [row] = await test()
      .db.select({ username: users.telegramUsername, email: users.email })
      .from(users)
      .where(eq(users.id, me.id));
    expect(row?.username).toBe("tg_ana");
    const [link] = await test()
      .db.select()
      .from(telegramAccounts)
      .where(eq(telegramAccounts.telegramId, id));
    expect(link?.userId).toBe(me.id);
    // No mail ever leaves for the placeholder address, even a reset asked by anyone.
    await client(test()).post("/api/auth/request-password-reset", { email: row?.email });
    expect(await outbox(test(), row?.email ?? "")).toHaveLength(0);
    // Whatever needs a verified address still refuses.
    expect((await c.post("/api/mining/start", {})).statusCode).toBeGreaterThanOrEqual(400);
  });

  it("signs a linked Telegram account in again, once per init data", async () => {
    const id = nextTelegramId++;
    const first = client(test());
    await first.post("/api/auth/telegram", { initData: initData(test(), { id }), create: true });
    const userId = (await first.get("/api/me")).json().id;

    test().clock.advance(60_000);
    const data = initData(test(), { id, username: "renamed_ana" });
    const again = client(test());
    const response = await again.post("/api/auth/telegram", { initData: data });
    expect(response.json()).toEqual({ outcome: "signed-in" });
    expect((await again.get("/api/me")).json().id).toBe(userId);
    // The username follows Telegram's.
    const [row] = await test()
      .db.select({ username: users.telegramUsername })
      .from(users)
      .where(eq(users.id, userId));
    expect(row?.username).toBe("renamed_ana");

    const replay = await client(test()).post("/api/auth/telegram", { initData: data });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe("TELEGRAM_INIT_DATA_USED");
    expect(replay.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses tampered init data, another bot's, and init data over a day old", async () => {
    const c = client(test(), { language: "fr" });
    const good = initData(test(), { username: "victim" });
    const tampered = good.replace("victim", "thief00");
    const bad = await c.post("/api/auth/telegram", { initData: tampered, create: true });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe("TELEGRAM_INIT_DATA_INVALID");
    expect(bad.json().message).toMatch(/Telegram/);

    const other = await c.post("/api/auth/telegram", {
      initData: initData(test(), { token: OTHER_BOT }),
      create: true,
    });
    expect(other.statusCode).toBe(401);
    expect(other.json().error).toBe("TELEGRAM_INIT_DATA_INVALID");

    const old = new Date(test().clock.now().getTime() - 24 * 3600_000 - 1000);
    const expired = await c.post("/api/auth/telegram", {
      initData: initData(test(), { at: old }),
      create: true,
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe("TELEGRAM_INIT_DATA_EXPIRED");

    // Just under a day is still good.
    const recent = new Date(test().clock.now().getTime() - 24 * 3600_000 + 60_000);
    const fine = await c.post("/api/auth/telegram", { initData: initData(test(), { at: recent }) });
    expect(fine.json()).toEqual({ outcome: "choose" });

    const garbage = await c.post("/api/auth/telegram", { initData: "hash=zz&auth_date=1" });
    expect(garbage.statusCode).toBe(401);
    const control = await c.post("/api/auth/telegram", { initData: "a\u0000b" });
    expect(control.statusCode).toBe(400);
  });

  it("links a signed-in account after its password, and refuses a second link", async () => {
    const { client: owner, user, me } = await signUp(test(), uniqueUser("tglink"));
    const id = nextTelegramId++;
    const offered = await owner.post("/api/auth/telegram", {
      initData: initData(test(), { id, username: "linker" }),
    });
    expect(offered.json()).toEqual({ outcome: "link-available" });

    const wrong = await owner.post("/api/auth/telegram/link", {
      initData: initData(test(), { id, username: "linker" }),
      password: "not-the-password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("INVALID_PASSWORD");

    const anonymous = await client(test()).post("/api/auth/telegram/link", {
      initData: initData(test(), { id }),
      password: user.password,
    });
    expect(anonymous.statusCode).toBe(401);

    const linked = await owner.post("/api/auth/telegram/link", {
      initData: initData(test(), { id, username: "linker" }),
      password: user.password,
    });
    expect(linked.json()).toEqual({ outcome: "linked" });
    const [row] = await test()
      .db.select({ username: users.telegramUsername })
      .from(users)
      .where(eq(users.id, me.id));
    expect(row?.username).toBe("linker");

    // The Telegram account now signs in to the password account.
    test().clock.advance(1000);
    const phone = client(test());
    const signedIn = await phone.post("/api/auth/telegram", { initData: initData(test(), { id }) });
    expect(signedIn.json()).toEqual({ outcome: "signed-in" });
    expect((await phone.get("/api/me")).json().id).toBe(me.id);

    // Another account may not take this Telegram account…
    const { client: other, user: otherUser } = await signUp(test(), uniqueUser("tgother"));
    const conflict = await other.post("/api/auth/telegram/link", {
      initData: initData(test(), { id }),
      password: otherUser.password,
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error).toBe("TELEGRAM_ALREADY_LINKED");
    // …and the linked account may not take a second one.
    const second = await owner.post("/api/auth/telegram/link", {
      initData: initData(test()),
      password: user.password,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe("TELEGRAM_ALREADY_LINKED");
  });

  it("honours a referral code in the start parameter", async () => {
    const { me: referrer } = await signUp(test(), uniqueUser("tgref"));
    const c = client(test());
    await c.post("/api/auth/telegram", {
      initData: initData(test(), { firstName: "Zo", startParam: `ref_${referrer.referralCode}` }),
      create: true,
    });
    const me = (await c.get("/api/me")).json();
    // A first name too short for the nickname rules is padded.
    expect(me.nickname).toMatch(/^tg-Zo/);
    const [row] = await test()
      .db.select({ referredBy: users.referredBy })
      .from(users)
      .where(eq(users.id, me.id));
    expect(row?.referredBy).toBe(referrer.id);
  });

  it("lets an account opened with Telegram add its e-mail and password, once", async () => {
    const c = client(test());
    await c.post("/api/auth/telegram", { initData: initData(test()), create: true });
    const { user: other } = await signUp(test(), uniqueUser("tgtaken"));
    const email = uniqueUser("tgmail").email;

    const weak = await c.post("/api/auth/telegram/email", { email, password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe("WEAK_PASSWORD");
    const taken = await c.post("/api/auth/telegram/email", {
      email: other.email,
      password: "Str0ng!pass",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe("EMAIL_IN_USE");
    const anonymous = await client(test()).post("/api/auth/telegram/email", {
      email,
      password: "Str0ng!pass",
    });
    expect(anonymous.statusCode).toBe(401);

    const added = await c.post("/api/auth/telegram/email", { email, password: "Str0ng!pass" });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ email });
    const me = (await c.get("/api/me")).json();
    expect(me.email).toBe(email);
    expect(me.emailVerified).toBe(false);
    // The verification mail went to the new address.
    const mails = await outbox(test(), email);
    expect(mails[0]?.text).toMatch(/verify-email/);
    // The account now also signs in with its password, outside Telegram.
    const browser = client(test());
    const signIn = await browser.post("/api/auth/sign-in/email", {
      email,
      password: "Str0ng!pass",
    });
    expect(signIn.statusCode).toBe(200);
    expect((await browser.get("/api/me")).json().id).toBe(me.id);

    const again = await c.post("/api/auth/telegram/email", {
      email: uniqueUser("tgmail2").email,
      password: "Str0ng!pass",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("TELEGRAM_EMAIL_ALREADY_SET");
  });

  it("makes a taken nickname unique", async () => {
    const { user } = await signUp(test(), uniqueUser("tgdup"));
    const c = client(test());
    await c.post("/api/auth/telegram", {
      initData: initData(test(), { username: user.nickname }),
      create: true,
    });
    const me = (await c.get("/api/me")).json();
    expect(me.nickname).not.toBe(user.nickname);
    expect(me.nickname.startsWith(user.nickname.slice(0, 15))).toBe(true);
  });
});

describe("Telegram sign-in, feature off (no TELEGRAM_BOT_TOKEN)", () => {
  const test = useTestApp();

  it("hides the button and refuses the routes", async () => {
    const c = client(test(), { language: "en" });
    expect((await c.get("/api/auth/telegram")).json()).toEqual({
      enabled: false,
      miniAppUrl: null,
    });
    const response = await c.post("/api/auth/telegram", {
      initData: initData(test()),
      create: true,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("TELEGRAM_DISABLED");
    expect(response.json().message).toContain("Telegram");
    const link = await c.post("/api/auth/telegram/link", {
      initData: initData(test()),
      password: "whatever-1A!",
    });
    expect(link.statusCode).toBe(404);
  });
});
