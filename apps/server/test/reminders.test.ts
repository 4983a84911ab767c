import { SESSION_DURATION_MS } from "@fre/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dailyStreaks, telegramAccounts } from "../src/db/schema/index.ts";
import { sweepSessionEndings } from "../src/modules/notifications/notifications.service.ts";
import { insertReminderOnce, listReminders } from "../src/modules/reminders/reminders.repo.ts";
import {
  DAILY_REMINDER_CAP,
  pruneOldReminders,
  REMINDER_KEEP_DAYS,
  reminderSender,
  sweepStreakWarnings,
} from "../src/modules/reminders/reminders.service.ts";
import {
  FAKE_BOT_TOKEN,
  type FakeTelegramBotApi,
  startFakeTelegramBotApi,
} from "./fake-telegram-bot-api.ts";
import { signUp, useTestApp, verifiedUser } from "./helpers.ts";

let fake: FakeTelegramBotApi;
beforeAll(async () => {
  fake = await startFakeTelegramBotApi();
});
afterAll(() => fake.close());

const test = useTestApp({
  get config() {
    return { TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN, TELEGRAM_API_URL: fake.url };
  },
});

beforeEach(() => {
  fake.reset();
  // Noon in UTC, the zone these users keep: outside the quiet hours.
  test().clock.set(new Date("2026-12-07T12:00:00Z"));
});

let nextTelegramId = 810_000_000;

/** A verified user linked to a Telegram account, with UTC as their daily zone. */
async function linkedUser(prefix = "tg", language?: string) {
  const signed = await verifiedUser(test(), prefix);
  const telegramId = nextTelegramId++;
  await test().db.insert(telegramAccounts).values({ telegramId, userId: signed.me.id });
  await signed.client.get("/api/daily?timeZone=UTC");
  if (language) await signed.client.patch("/api/me", { language });
  return { ...signed, telegramId, userId: signed.me.id as string };
}

/** A notice as its cause records it (in a transaction, through the outbox), then delivered. */
async function notice(
  userId: string,
  type: "support_answer" | "withdrawal_complete" | "league_result" | "mining_session_end",
  params: Record<string, string | number> = {},
) {
  await test().db.transaction((tx) => test().events.notify(userId, type, params, { tx }));
  await delivered();
}

/** The outbox delivered, and the bot's sender has sent what is due. */
async function delivered() {
  await test().effects.settle();
  await test().reminders.sender.settle();
}

const reminders = (userId: string) => listReminders(test().db, userId);

describe("Telegram reminders", () => {
  it("reaches the bot after a mining session ends, with a button that opens the Mini App", async () => {
    const { client: c, userId, telegramId } = await linkedUser("session");
    expect((await c.post("/api/mining/start")).statusCode).toBe(200);
    test().clock.advance(SESSION_DURATION_MS - 30_000);
    await sweepSessionEndings({ db: test().db, clock: test().clock, events: test().events });
    await delivered();
    const sent = fake.messagesTo(telegramId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("Session de minage terminée");
    expect(sent[0]!.text).toContain("relancez le minage");
    expect(sent[0]!.replyMarkup).toEqual({
      inline_keyboard: [
        [{ text: "Ouvrir FRE", web_app: { url: "http://localhost:3000/dashboard" } }],
      ],
    });
    // A redelivered notice (the outbox is at least once) schedules nothing twice.
    await delivered();
    expect(fake.messagesTo(telegramId)).toHaveLength(1);
    expect(await reminders(userId)).toEqual([
      expect.objectContaining({ type: "session_ended", status: "sent" }),
    ]);
  });

  it("says nothing of a session claimed and restarted while its reminder waited for the morning", async () => {
    const { client: c, userId, telegramId } = await linkedUser("claimed");
    // Started at 23:00 UTC: it ends in the night a day later, its reminder held until 8:00.
    test().clock.set(new Date("2026-12-07T23:00:00Z"));
    expect((await c.post("/api/mining/start")).statusCode).toBe(200);
    test().clock.advance(SESSION_DURATION_MS - 30_000);
    await sweepSessionEndings({ db: test().db, clock: test().clock, events: test().events });
    await delivered();
    expect(fake.messagesTo(telegramId)).toEqual([]);
    const due = (await reminders(userId))[0]?.dueAt;
    expect(due).toEqual(new Date("2026-12-09T08:00:00Z"));
    test().clock.set(new Date("2026-12-09T07:30:00Z"));
    expect((await c.post("/api/mining/claim")).statusCode).toBe(200);
    test().clock.set(due!);
    await test().reminders.sender.settle();
    expect(fake.messagesTo(telegramId)).toEqual([]);
    expect((await reminders(userId))[0]).toMatchObject({
      status: "dropped",
      reason: "already_claimed",
    });
  });

  it("writes in the user's language", async () => {
    const english = await linkedUser("english", "en");
    await notice(english.userId, "support_answer", { subject: "Payout" });
    expect(fake.messagesTo(english.telegramId)[0]?.text).toBe(
      "Support answered\nThe FRE team answered your request “Payout”.",
    );
    expect(fake.messagesTo(english.telegramId)[0]?.replyMarkup).toMatchObject({
      inline_keyboard: [[{ text: "Open FRE", web_app: { url: "http://localhost:3000/support" } }]],
    });
    const russian = await linkedUser("russian", "ru");
    await notice(russian.userId, "withdrawal_complete", { amount: "12.5" });
    expect(fake.messagesTo(russian.telegramId)[0]?.text).toMatch(/^[^a-z]*\n/i);
    expect(fake.messagesTo(russian.telegramId)[0]?.replyMarkup).toMatchObject({
      inline_keyboard: [[{ text: "Открыть FRE" }]],
    });
  });

  it("sends nothing to an account without Telegram", async () => {
    const { me } = await signUp(test());
    await notice(me.id, "support_answer", { subject: "Hi" });
    expect(fake.calls).toEqual([]);
    expect(await reminders(me.id)).toEqual([]);
  });

  it("holds a reminder of the quiet hours until 8:00 local, then sends it", async () => {
    const { userId, telegramId } = await linkedUser("quiet");
    test().clock.set(new Date("2026-12-07T23:10:00Z"));
    await notice(userId, "support_answer", { subject: "Night" });
    expect(fake.messagesTo(telegramId)).toEqual([]);
    expect(await reminders(userId)).toEqual([
      expect.objectContaining({
        status: "pending",
        reason: "quiet_hours",
        dueAt: new Date("2026-12-08T08:00:00Z"),
      }),
    ]);
    test().clock.set(new Date("2026-12-08T07:59:00Z"));
    await test().reminders.sender.settle();
    expect(fake.messagesTo(telegramId)).toEqual([]);
    test().clock.set(new Date("2026-12-08T08:00:00Z"));
    await test().reminders.sender.settle();
    expect(fake.messagesTo(telegramId)).toHaveLength(1);
  });

  it("keeps the quiet hours of the user's own zone, and drops what would be stale by 8:00", async () => {
    const { client: c, userId, telegramId } = await linkedUser("paris");
    await c.put("/api/daily/settings", { timeZone: "Europe/Paris" });
    // 21:50 UTC is 22:50 in Paris: held until 8:00 Paris, 7:00 UTC.
    test().clock.set(new Date("2026-12-07T21:50:00Z"));
    await notice(userId, "support_answer", { subject: "Late" });
    expect(fake.messagesTo(telegramId)).toEqual([]);
    expect((await reminders(userId))[0]?.dueAt).toEqual(new Date("2026-12-08T07:00:00Z"));
    test().clock.set(new Date("2026-12-08T07:00:00Z"));
    await test().reminders.sender.settle();
    expect(fake.messagesTo(telegramId)).toHaveLength(1);

    // A streak warning not sent before the quiet hours would reach the user after midnight,
    // its streak already broken: dropped, not delayed.
    const late = await linkedUser("late");
    await test()
      .db.update(dailyStreaks)
      .set({ lastClaimDate: "2026-12-07", streak: 2, freezes: 0 })
      .where(eq(dailyStreaks.userId, late.userId));
    test().clock.set(new Date("2026-12-08T21:59:00Z"));
    expect(await sweepStreakWarnings(test().reminders.deps)).toBe(1);
    test().clock.set(new Date("2026-12-08T22:00:30Z"));
    await test().reminders.sender.settle();
    expect(fake.messagesTo(late.telegramId)).toEqual([]);
    expect(await reminders(late.userId)).toEqual([
      expect.objectContaining({ type: "streak", status: "dropped", reason: "stale" }),
    ]);
  });

  it(`sends at most ${DAILY_REMINDER_CAP} a day per user`, async () => {
    const { userId, telegramId } = await linkedUser("cap");
    for (let i = 0; i < DAILY_REMINDER_CAP + 1; i++) {
      await notice(userId, "support_answer", { subject: `Ticket ${i}` });
    }
    expect(fake.messagesTo(telegramId)).toHaveLength(DAILY_REMINDER_CAP);
    expect((await reminders(userId)).map((r) => r.status)).toEqual([
      "sent",
      "sent",
      "sent",
      "dropped",
    ]);
    expect((await reminders(userId))[3]?.reason).toBe("daily_cap");
    // One a second per chat: the three were at least a second apart.
    const times = fake.messagesTo(telegramId).map((m) => m.at);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
    // The next local day, the count starts again.
    test().clock.set(new Date("2026-12-08T09:00:00Z"));
    await notice(userId, "support_answer", { subject: "Tomorrow" });
    expect(fake.messagesTo(telegramId)).toHaveLength(DAILY_REMINDER_CAP + 1);
  });

  it("switches each type off in the profile, and on again", async () => {
    const { client: c, userId, telegramId } = await linkedUser("optout");
    expect((await c.get("/api/telegram/reminders")).json()).toEqual({
      linked: true,
      blocked: false,
      types: {
        session_ended: true,
        streak: true,
        withdrawal_paid: true,
        support_answered: true,
        league_result: true,
      },
    });
    const off = await c.put("/api/telegram/reminders", { types: { support_answered: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().types).toMatchObject({ support_answered: false, withdrawal_paid: true });
    await notice(userId, "support_answer", { subject: "Muted" });
    expect(fake.messagesTo(telegramId)).toEqual([]);
    await notice(userId, "withdrawal_complete", { amount: "3" });
    expect(fake.messagesTo(telegramId)).toHaveLength(1);
    // Switched off while one waits for the morning: it is not sent either.
    test().clock.set(new Date("2026-12-07T23:00:00Z"));
    await notice(userId, "withdrawal_complete", { amount: "4" });
    await c.put("/api/telegram/reminders", { types: { withdrawal_paid: false } });
    test().clock.set(new Date("2026-12-08T08:00:00Z"));
    await test().reminders.sender.settle();
    expect(fake.messagesTo(telegramId)).toHaveLength(1);
    expect((await reminders(userId)).at(-1)).toMatchObject({
      status: "dropped",
      reason: "opted_out",
    });
    await c.put("/api/telegram/reminders", { types: { support_answered: true } });
    await notice(userId, "support_answer", { subject: "Back" });
    expect(fake.messagesTo(telegramId)).toHaveLength(2);
  });

  it("refuses an unknown type or a non-boolean switch, and answers for an unlinked account", async () => {
    const { client: c } = await signUp(test());
    expect((await c.get("/api/telegram/reminders")).json()).toMatchObject({ linked: false });
    for (const body of [
      { types: { nope: false } },
      { types: { streak: "no" } },
      { types: {}, extra: 1 },
      {},
    ]) {
      const response = await c.put("/api/telegram/reminders", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String) });
    }
  });

  it("marks a user who blocked the bot (403) and sends them nothing more", async () => {
    const { client: c, userId, telegramId } = await linkedUser("blocked");
    fake.blocked.add(String(telegramId));
    await notice(userId, "league_result", {
      week: "2026-W49",
      league: "silver",
      rank: 2,
      size: 30,
      outcome: "promoted",
      next: "gold",
      amount: "10",
      rewarded: "yes",
    });
    expect(fake.calls.filter((call) => call.status === 403)).toHaveLength(1);
    expect((await reminders(userId))[0]).toMatchObject({ status: "dropped", reason: "blocked" });
    expect((await c.get("/api/telegram/reminders")).json()).toMatchObject({ blocked: true });
    await notice(userId, "support_answer", { subject: "Again" });
    expect(fake.calls).toHaveLength(1);
    expect(await reminders(userId)).toHaveLength(1);
    // Unblocked in Telegram, the user saves the section again: sent to once more.
    fake.blocked.clear();
    await c.put("/api/telegram/reminders", { types: {} });
    await notice(userId, "support_answer", { subject: "Welcome back" });
    expect(fake.messagesTo(telegramId)).toHaveLength(1);
  });

  it("honours a 429's retry_after: nothing is sent before it has passed", async () => {
    const first = await linkedUser("flood");
    const second = await linkedUser("flood");
    fake.rateLimit(5);
    await notice(first.userId, "support_answer", { subject: "A" });
    expect(fake.calls.map((call) => call.status)).toEqual([429]);
    expect((await reminders(first.userId))[0]).toMatchObject({
      status: "pending",
      reason: "retry_after",
      dueAt: new Date("2026-12-07T12:00:05Z"),
    });
    // During the pause, another user's reminder waits too: no call reaches Telegram.
    test().clock.advance(4_000);
    await notice(second.userId, "support_answer", { subject: "B" });
    expect(fake.calls).toHaveLength(1);
    test().clock.advance(1_000);
    await test().reminders.sender.settle();
    expect(fake.messagesTo(first.telegramId)).toHaveLength(1);
    expect(fake.messagesTo(second.telegramId)).toHaveLength(1);
    expect((await reminders(first.userId))[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("warns, once, in the evening hour before the quiet hours, of a streak breaking at midnight", async () => {
    const { userId, telegramId } = await linkedUser("streak", "en");
    await test()
      .db.update(dailyStreaks)
      .set({ lastClaimDate: "2026-12-06", streak: 4, freezes: 0 })
      .where(eq(dailyStreaks.userId, userId));
    const deps = test().reminders.deps;
    test().clock.set(new Date("2026-12-07T20:30:00Z"));
    expect(await sweepStreakWarnings(deps)).toBe(0);
    test().clock.set(new Date("2026-12-07T21:05:00Z"));
    expect(await sweepStreakWarnings(deps)).toBe(1);
    expect(await sweepStreakWarnings(deps)).toBe(0);
    await test().reminders.sender.settle();
    expect(fake.messagesTo(telegramId)).toEqual([
      expect.objectContaining({
        text: "Your streak is at stake\nYour 4-day streak ends at midnight unless you claim today's reward.",
        replyMarkup: {
          inline_keyboard: [
            [{ text: "Open FRE", web_app: { url: "http://localhost:3000/daily" } }],
          ],
        },
      }),
    ]);
    // Claimed today, or a freeze to bridge the day: no warning.
    await test()
      .db.update(dailyStreaks)
      .set({ lastClaimDate: "2026-12-07" })
      .where(eq(dailyStreaks.userId, userId));
    test().clock.set(new Date("2026-12-08T21:05:00Z"));
    await test()
      .db.update(dailyStreaks)
      .set({ lastClaimDate: "2026-12-07", freezes: 1 })
      .where(eq(dailyStreaks.userId, userId));
    expect(await sweepStreakWarnings(deps)).toBe(0);
  });

  it("keeps to the overall pace: no more than its limit of messages in any second", async () => {
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await linkedUser("pace"));
    const now = test().clock.now();
    for (const user of users) {
      await insertReminderOnce(test().db, {
        userId: user.userId,
        type: "support_answered",
        sourceKey: `pace-${user.userId}`,
        params: { subject: "Pace" },
        dueAt: now,
        staleAt: new Date(now.getTime() + 3_600_000),
        at: now,
      });
    }
    // A sender of 2 a second (the app's is 30): five messages take more than two seconds.
    const sender = reminderSender(test().reminders.deps, { perSecond: 2 });
    expect(await sender.dispatch()).toMatchObject({ sent: 5 });
    const times = fake.messages.map((m) => m.at).sort((a, b) => a - b);
    expect(times).toHaveLength(5);
    for (let i = 2; i < times.length; i++) {
      expect(times[i]! - times[i - 2]!).toBeGreaterThanOrEqual(950);
    }
  });

  it(`prunes sent and dropped reminders after ${REMINDER_KEEP_DAYS} days, never a pending one`, async () => {
    const { userId } = await linkedUser("prune");
    // An hour on (still daytime): past the 429 test's pause, which the clock's reset undid.
    test().clock.advance(3_600_000);
    await notice(userId, "support_answer", { subject: "Old" });
    const now = test().clock.now();
    await insertReminderOnce(test().db, {
      userId,
      type: "support_answered",
      sourceKey: "pending-one",
      params: {},
      dueAt: new Date(now.getTime() + 40 * 86_400_000),
      staleAt: new Date(now.getTime() + 41 * 86_400_000),
      at: now,
    });
    const prune = () => pruneOldReminders({ db: test().db, clock: test().clock });
    const statuses = async () => (await reminders(userId)).map((r) => r.status).sort();
    expect(await statuses()).toEqual(["pending", "sent"]);
    test().clock.advance((REMINDER_KEEP_DAYS - 1) * 86_400_000);
    await prune();
    expect(await statuses()).toEqual(["pending", "sent"]);
    test().clock.advance(2 * 86_400_000);
    expect(await prune()).toBeGreaterThanOrEqual(1);
    expect(await statuses()).toEqual(["pending"]);
  });
});
