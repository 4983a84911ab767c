import { BASE_RATE_NANO, formatNano } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { sendDailyReminders } from "../src/modules/daily/index.ts";
import {
  type Client,
  client,
  elevatedAdmin,
  expectLedgerBalanced,
  signUp,
  uniqueUser,
  useTestApp,
  verifiedUser,
} from "./helpers.ts";

const test = useTestApp();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The next UTC midnight: every test runs from it with its own users (the auth sessions live 30
 * days from the real time, so the clock stays within a few weeks of it). Zones without DST
 * (Tokyo, UTC+9; Kiritimati, UTC+14) keep the expected instants true whatever the season.
 */
const BASE = Math.ceil(Date.now() / (24 * 3_600_000)) * 24 * 3_600_000;
const at = (day: number, hour: number, ms = 0) =>
  new Date(BASE + (day * 24 + hour) * 3_600_000 + ms);
const moveTo = (instant: Date) => test().clock.set(instant);
const iso = (day: number, hour: number) => at(day, hour).toISOString();

const daily = async (c: Client, zone = "Asia/Tokyo") =>
  (await c.get(`/api/daily?timeZone=${encodeURIComponent(zone)}`)).json();
const claim = (c: Client) => c.post("/api/daily/claim", {});
const balance = async (c: Client) => (await c.get("/api/me")).json().balance as string;

const outcomes = (answers: { statusCode: number; json(): { error?: string } }[]) =>
  answers.map((a) => (a.statusCode === 200 ? "200" : `${a.statusCode} ${a.json().error}`)).sort();

describe("daily streak", () => {
  it("reads, claims once per local day in the browser's zone, and credits the ledger", async () => {
    moveTo(at(0, 2));
    const { client: c } = await verifiedUser(test(), "daily");
    const first = await daily(c);
    expect(first).toMatchObject({
      day: 1,
      streak: 0,
      claimedToday: false,
      // Tokyo's day ends at 15:00 UTC.
      nextAt: iso(0, 15),
      rewards: [
        "0.100000000",
        "0.200000000",
        "0.300000000",
        "0.500000000",
        "0.800000000",
        "1.200000000",
        "2.000000000",
      ],
      freezes: 0,
      timeZone: "Asia/Tokyo",
      reminders: true,
      zoneChangeAt: null,
    });
    const ok = await claim(c);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      day: 1,
      streak: 1,
      claimedToday: true,
      nextAt: iso(0, 15),
      claimed: { day: 1, reward: "0.100000000", freezesUsed: 0, boost: null },
    });
    expect(await balance(c)).toBe("0.100000000");
    const again = await claim(c);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: "ALREADY_CLAIMED",
      message: "Vous avez déjà réclamé votre récompense du jour : revenez demain.",
    });
    // A later zone hint does not move an existing streak.
    expect((await daily(c, "Europe/Paris")).timeZone).toBe("Asia/Tokyo");
    const ledger = (await c.get("/api/wallet/ledger?limit=5")).json();
    expect(JSON.stringify(ledger)).toContain("daily_reward");

    // One millisecond before Tokyo's midnight: still today; at midnight: day 2.
    moveTo(at(0, 15, -1));
    expect((await claim(c)).statusCode).toBe(409);
    moveTo(at(0, 15));
    const second = await claim(c);
    expect(second.json()).toMatchObject({ day: 2, streak: 2, claimed: { reward: "0.200000000" } });
    expect(await balance(c)).toBe("0.300000000");
  });

  it("refuses an unverified e-mail (403) and an anonymous caller (401)", async () => {
    moveTo(at(0, 1));
    const { client: unverified } = await signUp(test(), uniqueUser("dailyunv"));
    const refused = await claim(unverified);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("DAILY_EMAIL_NOT_VERIFIED");
    expect(await balance(unverified)).toBe("0.000000000");
    expect((await client(test()).get("/api/daily")).statusCode).toBe(401);
    expect((await client(test()).post("/api/daily/claim", {})).statusCode).toBe(401);
    const badZone = await unverified.get("/api/daily?timeZone=Mars%2FOlympus");
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error).toBe("VALIDATION_ERROR");
  });

  it("escalates to day 7 with a +10 % boost, earns a freeze, spends it on a gap, then resets", async () => {
    moveTo(at(0, 9));
    const { client: c } = await verifiedUser(test(), "daily7");
    await daily(c, "UTC");
    expect((await c.post("/api/mining/start", {})).statusCode).toBe(200);
    const rewards = ["0.1", "0.2", "0.3", "0.5", "0.8", "1.2", "2"];
    for (let day = 1; day <= 7; day++) {
      if (day > 1) test().clock.advance(DAY);
      const answer = await claim(c);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().claimed.day).toBe(day);
      expect(answer.json().claimed.reward).toBe(
        formatNano(BigInt(Math.round(Number(rewards[day - 1]) * 1e9))),
      );
    }
    const seventh = await daily(c, "UTC");
    expect(seventh).toMatchObject({ day: 7, streak: 7, freezes: 1, claimedToday: true });
    // 10 % of the rate without boosts (a new miner: the base rate), for 24 h.
    const boost = (await c.get("/api/mining")).json().rate.boosts;
    expect(boost).toBe(formatNano(BASE_RATE_NANO / 10n));
    expect(await balance(c)).toBe("5.100000000");

    // Day 8 starts the cycle again (day 1), the streak goes on; the boost has expired.
    test().clock.advance(DAY);
    expect((await c.get("/api/mining")).json().rate.boosts).toBe("0.000000000");
    expect((await claim(c)).json()).toMatchObject({ day: 1, streak: 8, freezes: 1 });
    // One day missed, one freeze held: spent, the streak continues (the freeze is no day).
    test().clock.advance(2 * DAY);
    const bridged = (await claim(c)).json();
    expect(bridged).toMatchObject({ day: 2, streak: 9, freezes: 0 });
    expect(bridged.claimed.freezesUsed).toBe(1);
    // Two days missed, no freeze: back to day 1.
    test().clock.advance(3 * DAY);
    expect(await daily(c, "UTC")).toMatchObject({ day: 1, streak: 0, claimedToday: false });
    expect((await claim(c)).json()).toMatchObject({ day: 1, streak: 1, freezes: 0 });
  });

  it("changes the zone at most once a week, and a change never opens a day early", async () => {
    moveTo(at(0, 10));
    const { client: c } = await verifiedUser(test(), "dailyzone");
    await daily(c, "Asia/Tokyo");
    expect((await claim(c)).statusCode).toBe(200);
    // Kiritimati (UTC+14) is already on the next date: without the rule this would be a claim.
    const moved = await c.put("/api/daily/settings", { timeZone: "Pacific/Kiritimati" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      timeZone: "Pacific/Kiritimati",
      claimedToday: true,
      // 20 h after the claim (Tokyo's next day would have opened at 15:00 UTC).
      nextAt: iso(1, 6),
      zoneChangeAt: iso(7, 10),
    });
    expect((await claim(c)).json().error).toBe("ALREADY_CLAIMED");
    const tooSoon = await c.put("/api/daily/settings", { timeZone: "Europe/Paris" });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().error).toBe("DAILY_ZONE_CHANGE_TOO_SOON");
    // Reminders alone may change at any time.
    expect((await c.put("/api/daily/settings", { reminders: false })).json().reminders).toBe(false);
    moveTo(at(1, 6, -1));
    expect((await claim(c)).statusCode).toBe(409);
    moveTo(at(1, 6));
    expect((await claim(c)).json()).toMatchObject({ day: 2, streak: 2 });
    // A week after the change, another is allowed.
    moveTo(at(7, 10));
    expect((await c.put("/api/daily/settings", { timeZone: "Europe/Paris" })).statusCode).toBe(200);
    for (const bad of ["Mars/Olympus", "", "Europe/Paris\u0000", "x".repeat(65)]) {
      const refused = await c.put("/api/daily/settings", { timeZone: bad });
      expect(refused.statusCode, bad).toBe(400);
    }
  });

  it("sends the evening reminder once a day, from 19:00 local, only to who has not claimed", async () => {
    moveTo(at(0, 1));
    const { client: c } = await verifiedUser(test(), "dailyremind");
    const { client: optedOut } = await verifiedUser(test(), "dailyquiet");
    const { client: never } = await verifiedUser(test(), "dailynever");
    await daily(c);
    await daily(optedOut);
    await daily(never);
    await claim(c);
    await claim(optedOut);
    await optedOut.put("/api/daily/settings", { reminders: false });
    const deps = { db: test().db, clock: test().clock, events: test().events };
    const reminders = async (user: Client) => {
      await test().effects.settle();
      const items = (await user.get("/api/notifications")).json().items as {
        type: string;
        target: string;
      }[];
      return items.filter((n) => n.type === "daily_reminder");
    };
    // The day it claimed: no reminder. The next day at 18:59 in Tokyo (09:59 UTC): none.
    moveTo(at(0, 12));
    await sendDailyReminders(deps);
    moveTo(at(1, 10, -60_000));
    await sendDailyReminders(deps);
    expect(await reminders(c)).toHaveLength(0);
    // 19:00 in Tokyo: one, however many runs (two at once too).
    moveTo(at(1, 10));
    await Promise.all([sendDailyReminders(deps), sendDailyReminders(deps)]);
    test().clock.advance(15 * 60_000);
    await sendDailyReminders(deps);
    const sent = await reminders(c);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.target).toBe("/daily");
    expect(await reminders(optedOut)).toHaveLength(0);
    expect(await reminders(never)).toHaveLength(0);
    // Claimed the next day before the evening: no reminder that day.
    moveTo(at(2, 1));
    await claim(c);
    moveTo(at(2, 12));
    await sendDailyReminders(deps);
    expect(await reminders(c)).toHaveLength(1);
    // Not claimed the day after: the second reminder.
    moveTo(at(3, 11));
    await sendDailyReminders(deps);
    expect(await reminders(c)).toHaveLength(2);
  });

  it("lets an elevated admin edit the rewards and freeze rules, audited and validated", async () => {
    moveTo(at(0, 3));
    const admin = await elevatedAdmin(test(), "dailyboss");
    const defaults = (await admin.client.get("/api/admin/daily/settings")).json();
    expect(defaults).toEqual({
      rewards: ["0.1", "0.2", "0.3", "0.5", "0.8", "1.2", "2"],
      boostPercent: 10,
      boostHours: 24,
      claimsPerFreeze: 7,
      maxFreezes: 2,
    });
    const next = {
      rewards: ["1", "2", "3", "4", "5", "6", "10.50"],
      boostPercent: 20,
      boostHours: 12,
      claimsPerFreeze: 3,
      maxFreezes: 1,
    };
    const saved = await admin.client.put("/api/admin/daily/settings", next);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rewards[6]).toBe("10.5");
    const { client: c } = await verifiedUser(test(), "dailyrules");
    expect((await daily(c)).rewards[0]).toBe("1.000000000");
    expect((await claim(c)).json().claimed.reward).toBe("1.000000000");
    const audit = (await admin.client.get("/api/admin/audit?action=daily.settings")).json();
    expect(audit.items[0]).toMatchObject({
      action: "daily.settings",
      targetType: "settings",
      targetId: "daily",
      before: defaults,
      after: { ...next, rewards: ["1", "2", "3", "4", "5", "6", "10.5"] },
    });
    for (const bad of [
      { ...next, rewards: next.rewards.slice(0, 6) },
      { ...next, rewards: ["abc", "2", "3", "4", "5", "6", "7"] },
      { ...next, rewards: ["9999999999", "2", "3", "4", "5", "6", "7"] },
      { ...next, maxFreezes: 3 },
      { ...next, boostPercent: 101 },
      { ...next, claimsPerFreeze: 0 },
    ]) {
      expect((await admin.client.put("/api/admin/daily/settings", bad)).statusCode).toBe(400);
    }
    expect((await c.get("/api/admin/daily/settings")).statusCode).toBe(403);
    expect((await c.put("/api/admin/daily/settings", next)).statusCode).toBe(403);
    // The defaults back, for the tests after this one.
    expect((await admin.client.put("/api/admin/daily/settings", defaults)).statusCode).toBe(200);
  });

  it("credits 50 concurrent claims once", async () => {
    moveTo(at(0, 4));
    const { client: c } = await verifiedUser(test(), "dailyrace");
    await daily(c);
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(c)));
    expect(outcomes(answers)).toEqual([
      "200",
      ...Array.from({ length: 49 }, () => "409 ALREADY_CLAIMED"),
    ]);
    expect(await balance(c)).toBe("0.100000000");
    await expectLedgerBalanced(test());
  });

  it("credits one of 20 concurrent first claims of a user who never read the streak", async () => {
    const { client: c } = await verifiedUser(test(), "dailyrace2");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => c.post("/api/daily/claim", { timeZone: "Asia/Tokyo" })),
    );
    expect(outcomes(answers).filter((o) => o === "200")).toHaveLength(1);
    expect((await daily(c)).timeZone).toBe("Asia/Tokyo");
    expect(await balance(c)).toBe("0.100000000");
  });
});
