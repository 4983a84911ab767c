import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  accountSignals,
  circleMembers,
  kycRequests,
  miningSessions,
  pushSubscriptions,
  sessions,
  shopOrders,
  users,
} from "../src/db/schema/index.ts";
import { elevatedAdmin, PUBLIC_URL, signUp, uniqueUser, useTestApp } from "./helpers.ts";

/**
 * The user page's context beyond money (issue 34 point 3, decision 0064): KYC, circle, referrals,
 * sign-in sessions and devices — the user's own only, the device in words, never an address.
 */

const test = useTestApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const SECOND_IP = "203.0.113.77";

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "ctxboss");
});

/** A bare account straight into the table (no password to hash). */
async function bareUser(prefix: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const nickname = uniqueUser(prefix).nickname;
  const row = {
    id: `${nickname}-id`,
    name: nickname,
    nickname,
    email: `${nickname}@example.com`,
    referralCode: nickname.slice(0, 12).toUpperCase(),
    createdAt: test().clock.now(),
    ...extra,
  };
  await test().db.insert(users).values(row);
  return row;
}

async function signInWith(email: string, password: string, userAgent: string, ip: string) {
  const response = await test().app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: PUBLIC_URL, "user-agent": userAgent },
    remoteAddress: ip,
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Everything the page shows about someone: KYC, circle, referrals, sessions, devices. */
async function furnish(prefix: string) {
  const db = test().db;
  const now = test().clock.now();
  const minute = 60_000;
  const referrer = await bareUser(`${prefix}ref`);
  const signed = await signUp(test(), uniqueUser(prefix), {}, { ip: "198.51.100.9" });
  const id = signed.me.id as string;
  await db.update(users).set({ referredBy: referrer.id }).where(eq(users.id, id));
  // Session 1 (the sign-up's) from an Android phone, session 2 from an iPhone a minute later.
  await db.update(sessions).set({ userAgent: ANDROID_CHROME }).where(eq(sessions.userId, id));
  test().clock.advance(minute);
  await signInWith(signed.user.email, signed.user.password, IPHONE_SAFARI, SECOND_IP);

  await db.insert(kycRequests).values({
    userId: id,
    status: "rejected",
    submittedAt: new Date(now.getTime() - 60 * minute),
    reviewedAt: new Date(now.getTime() - 30 * minute),
    reviewedBy: admin.me.id,
    rejectionReason: "Photo floue",
    createdAt: new Date(now.getTime() - 90 * minute),
    updatedAt: new Date(now.getTime() - 30 * minute),
  });

  const miner = await bareUser(`${prefix}mine`);
  const idle = await bareUser(`${prefix}idle`);
  const banned = await bareUser(`${prefix}ban`, {
    suspendedAt: new Date(now.getTime() - 5 * minute),
    suspendedReason: "Fraude",
  });
  /** A session started an hour ago, of 24 hours. */
  const miningSince1h = (userId: string) => {
    const started = new Date(now.getTime() - 60 * minute);
    return db.insert(miningSessions).values({
      userId,
      startTime: started,
      endTime: new Date(now.getTime() + 23 * 60 * minute),
      baseRateNano: 1n,
      rateNano: 1n,
      segmentStart: started,
      rateCheckedAt: started,
    });
  };
  await miningSince1h(miner.id);
  // The suspended member mined too: they still do not count.
  await miningSince1h(banned.id);
  await db.insert(circleMembers).values([
    { userId: id, memberId: miner.id, addedAt: new Date(now.getTime() - 20 * minute) },
    { userId: id, memberId: idle.id, addedAt: new Date(now.getTime() - 10 * minute) },
    { userId: id, memberId: banned.id, addedAt: new Date(now.getTime() - 5 * minute) },
    // Someone names the user: counted, not named.
    { userId: referrer.id, memberId: id, addedAt: now },
  ]);

  const brought1 = await bareUser(`${prefix}kid`, {
    referredBy: id,
    createdAt: new Date(now.getTime() - 3 * minute),
  });
  const brought2 = await bareUser(`${prefix}kod`, {
    referredBy: id,
    createdAt: new Date(now.getTime() - 2 * minute),
    suspendedAt: now,
  });

  await db.insert(pushSubscriptions).values({
    userId: id,
    endpoint: `https://fcm.googleapis.com/fcm/send/${prefix}-secret-endpoint`,
    p256dh: "p256dh",
    auth: "auth",
    createdAt: now,
  });
  const browser = `${prefix}-browser-hash`;
  // The test sign-ups all come from one "browser": only the rows written here stay.
  await db.delete(accountSignals).where(eq(accountSignals.userId, id));
  await db.insert(accountSignals).values([
    { userId: id, kind: "sign-up", network: `${prefix}-net`, device: browser, createdAt: now },
    { userId: id, kind: "sign-in", network: `${prefix}-net`, device: browser, createdAt: now },
  ]);
  return { signed, id, referrer, miner, idle, banned, brought1, brought2, browser };
}

describe("admin user page: the user's context", () => {
  it("shows their KYC, circle, referrals, sessions and devices — theirs only, no address, no raw agent", async () => {
    const mine = await furnish("ctxa");
    const other = await furnish("ctxb");
    // The two share one browser: the count says so, the other's name does not appear.
    await test().db.insert(accountSignals).values({
      userId: other.id,
      kind: "sign-in",
      network: "n",
      device: mine.browser,
      createdAt: test().clock.now(),
    });

    const response = await admin.client.get(`/api/admin/users/${mine.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();

    expect(page.kyc).toEqual({
      status: "rejected",
      submittedAt: expect.any(String),
      reviewedAt: expect.any(String),
      reviewer: { id: admin.me.id, nickname: admin.me.nickname },
      rejectionReason: "Photo floue",
    });

    // Newest first; the suspended member mined but neither counts nor hides.
    expect(page.circle.members).toEqual([
      expect.objectContaining({ id: mine.banned.id, active: false, suspended: true }),
      expect.objectContaining({ id: mine.idle.id, active: false, suspended: false }),
      expect.objectContaining({ id: mine.miner.id, active: true, suspended: false }),
    ]);
    expect(page.circle.members[0].nickname).toBe(mine.banned.nickname);
    expect(page.circle.membersCount).toBe(3);
    expect(page.circle.namedByCount).toBe(1);

    expect(page.referrals.referrer).toEqual({
      id: mine.referrer.id,
      nickname: mine.referrer.nickname,
    });
    expect(page.referrals.count).toBe(2);
    expect(page.referrals.items).toEqual([
      expect.objectContaining({ id: mine.brought2.id, suspended: true, active: false }),
      expect.objectContaining({ id: mine.brought1.id, suspended: false, active: false }),
    ]);

    expect(page.signInSessions.count).toBe(2);
    expect(page.signInSessions.items.map((s: { device: unknown }) => s.device)).toEqual([
      { browser: "safari", os: "ios", form: "phone" },
      { browser: "chrome", os: "android", form: "phone" },
    ]);
    expect(Object.keys(page.signInSessions.items[0]).sort()).toEqual([
      "createdAt",
      "device",
      "expiresAt",
      "lastSeenAt",
    ]);

    expect(page.devices.push).toEqual([{ createdAt: expect.any(String), service: "google" }]);
    expect(page.devices.browsersCount).toBe(1);
    expect(page.devices.browsers).toEqual([expect.objectContaining({ signIns: 1, sharedWith: 1 })]);

    // Nothing of the other user, no network address, no raw agent, no endpoint, no hash.
    const body = response.body;
    for (const hidden of [
      other.id,
      other.signed.me.nickname,
      other.miner.id,
      other.brought1.id,
      other.referrer.id,
      SECOND_IP,
      "198.51.100.9",
      "127.0.0.1",
      "Mozilla",
      "AppleWebKit",
      "secret-endpoint",
      mine.browser,
    ]) {
      expect(body, hidden).not.toContain(hidden);
    }
  });

  it("answers empty lists and no KYC for a bare account", async () => {
    const lone = await bareUser("ctxlone");
    const page = (await admin.client.get(`/api/admin/users/${lone.id}`)).json();
    expect(page).toMatchObject({
      kyc: null,
      circle: { members: [], membersCount: 0, namedByCount: 0 },
      referrals: { referrer: null, items: [], count: 0 },
      signInSessions: { items: [], count: 0 },
      devices: { push: [], browsers: [], browsersCount: 0 },
    });
  });

  it("keeps each list to the latest 20, with the count of all", async () => {
    const signed = await signUp(test(), uniqueUser("ctxmany"));
    const id = signed.me.id as string;
    const [own] = await test()
      .db.select({ at: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.userId, id));
    const now = own!.at.getTime();
    await test()
      .db.insert(sessions)
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          id: `ctxmany-s${i}`,
          token: `ctxmany-t${i}`,
          userId: id,
          expiresAt: new Date(now + 86_400_000),
          ipAddress: "192.0.2.1",
          userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/133.0",
          createdAt: new Date(now - (i + 1) * 60_000),
          updatedAt: new Date(now - (i + 1) * 60_000),
        })),
      );
    const page = (await admin.client.get(`/api/admin/users/${id}`)).json();
    expect(page.signInSessions.count).toBe(25);
    expect(page.signInSessions.items).toHaveLength(20);
    // The newest is the sign-up's, then the inserted ones in order.
    expect(page.signInSessions.items[1].device).toEqual({
      browser: "firefox",
      os: "windows",
      form: "computer",
    });
  });

  it("names each shop order as the shop does, in the admin's language — never its id", async () => {
    const buyer = await bareUser("ctxshop");
    const now = test().clock.now();
    await test()
      .db.insert(shopOrders)
      .values(
        (["BOX7", "FRE1"] as const).map((itemId, i) => ({
          userId: buyer.id,
          itemId,
          priceNano: 1_000_000_000n,
          payTo: "EQshop",
          comment: `order-${buyer.nickname}-${i}`,
          status: "paid" as const,
          receivedNano: 1_000_000_000n,
          createdAt: new Date(now.getTime() - i * 60_000),
          expiresAt: now,
          paidAt: now,
        })),
      );
    const names = async (language?: string) => {
      const response = await test().app.inject({
        method: "GET",
        url: `/api/admin/users/${buyer.id}`,
        headers: {
          origin: PUBLIC_URL,
          cookie: [...admin.client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(language ? { "accept-language": language } : {}),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().shopOrders.map((o: { itemName: string }) => o.itemName);
    };
    expect(await names()).toEqual(["Boîte de 7 jours", "Pack FRE1"]);
    expect(await names("en")).toEqual(["7-day box", "Pack FRE1"]);
    expect(await names("ru")).toEqual(["Бокс на 7 дн.", "Пак FRE1"]);
  });
});
