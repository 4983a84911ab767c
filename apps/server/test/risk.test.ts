/**
 * The bot-farm risk score (issue 25 point 3, decision 0045): each signal fires with its exact
 * count at its threshold and not just under it, the levels, the reset when signals vanish, the
 * review queue (`/api/admin/users?risk=`), the admin's audited actions, the cluster, the settings
 * and the nightly job's schedule. Signal rows are written straight into `account_signals` (the
 * recording itself is risk-signals.test.ts's); accounts straight into `users` (a sign-up each
 * would hash a password).
 */

import { randomBytes } from "node:crypto";
import {
  type AdminRiskRun,
  type AdminUserList,
  type AdminUserRisk,
  DEFAULT_RISK_SETTINGS,
  type RiskReason,
} from "@fre/shared";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import {
  accountSignals,
  kycRequests,
  miningSessions,
  tonWallets,
  userRisk,
  users,
  withdrawals,
} from "../src/db/schema/index.ts";
import { manualClock } from "../src/lib/clock.ts";
import { type RiskRunLock, riskRunLock, runNightlyScoring } from "../src/modules/risk/index.ts";
import {
  DEFAULT_ADMIN_CODE,
  elevatedAdmin,
  signUp,
  uniqueUser,
  useTestApp,
  verifyEmail,
} from "./helpers.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Every account and signal of this file is placed around this instant. */
const T0 = new Date("2026-05-10T12:00:00Z").getTime();

const test = useTestApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;

beforeAll(async () => {
  test().clock.set(new Date(T0 + 30 * DAY));
  admin = await elevatedAdmin(test(), "riskboss");
});

let made = 0;
/** An account straight into `users`, created at `at`. */
async function account(at: number, options: { referredBy?: string; nickname?: string } = {}) {
  const { db } = test();
  made += 1;
  const tag = `${made}${randomBytes(3).toString("hex")}`;
  const nickname = options.nickname ?? `rk${tag}`;
  const id = `risk-${tag}`;
  await db.insert(users).values({
    id,
    name: nickname,
    nickname,
    email: `${nickname.toLowerCase()}@example.com`,
    referralCode: `RK${tag.toUpperCase()}`,
    referredBy: options.referredBy ?? null,
    createdAt: new Date(at),
  });
  return id;
}

/** A network or device hash of this file's own (no other test's rows share it). */
const hashOf = (label: string) => `${label}-${randomBytes(8).toString("base64url")}`;

async function signal(
  userId: string,
  row: { kind?: "sign-up" | "sign-in"; network?: string; device?: string | null; at: number },
) {
  const { db } = test();
  await db.insert(accountSignals).values({
    userId,
    kind: row.kind ?? "sign-up",
    network: row.network ?? hashOf("net"),
    device: row.device ?? null,
    createdAt: new Date(row.at),
  });
}

/** An account that signed up at `at` from `network` (and `device`). */
async function signedUp(
  at: number,
  network: string,
  options: { device?: string; referredBy?: string } = {},
) {
  const id = await account(at, { referredBy: options.referredBy });
  await signal(id, { network, device: options.device, at });
  return id;
}

/** A past mining session started at `start`. */
async function session(userId: string, start: number) {
  const { db } = test();
  const at = new Date(start);
  await db.insert(miningSessions).values({
    userId,
    status: "claimed",
    startTime: at,
    endTime: new Date(start + DAY),
    baseRateNano: 1n,
    rateNano: 1n,
    segmentStart: at,
    rateCheckedAt: at,
    creditedNano: 0n,
    claimedAt: at,
    endedAt: at,
  });
}

/** The admin's elevation again, after the clock jumped past its 30 minutes. */
async function elevate() {
  const granted = await admin.client.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });
  expect(granted.statusCode, granted.body).toBe(200);
}

async function run(): Promise<AdminRiskRun> {
  const response = await admin.client.post("/api/admin/risk/run");
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function riskOf(userId: string): Promise<AdminUserRisk> {
  const response = await admin.client.get(`/api/admin/users/${userId}/risk`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const W = DEFAULT_RISK_SETTINGS.weights;
const reason = (code: RiskReason["code"], count: number): RiskReason => ({
  code,
  weight: W[code],
  count,
});

async function auditOf(action: string, targetId: string) {
  return rowsOf<{ actor_id: string; before: unknown; after: unknown; target_type: string }>(
    await test().db.execute(sql`select actor_id, before, after, target_type from audit_log
      where action = ${action} and target_id = ${targetId} order by created_at, id`),
  );
}

describe("the run on an empty database", () => {
  it("answers 200 with nothing flagged and writes no row", async () => {
    const summary = await run();
    expect(summary).toEqual({ scored: expect.any(Number), high: 0, medium: 0 });
    expect(summary.scored).toBeGreaterThanOrEqual(1);
    expect(await test().db.select().from(userRisk)).toEqual([]);
  });
});

describe("each signal, at its threshold and just under", () => {
  it("shared_network: 10 accounts from one network within 24 h; 9 do not; outside the window or erased do not count", async () => {
    const { db } = test();
    const network = hashOf("net10");
    const early = await signedUp(T0 - 25 * HOUR, network);
    const ten = [];
    for (let i = 0; i < 10; i++) ten.push(await signedUp(T0 + i * HOUR, network));
    const erased = await signedUp(T0 + 2 * HOUR, network);
    await db
      .update(users)
      .set({ erasedAt: new Date(T0 + DAY) })
      .where(eq(users.id, erased));
    const under = hashOf("net9");
    const nine = [];
    for (let i = 0; i < 9; i++) nine.push(await signedUp(T0 + i * HOUR, under));
    await run();
    for (const id of ten) {
      const risk = await riskOf(id);
      expect(risk).toMatchObject({
        score: 30,
        level: "medium",
        reasons: [reason("shared_network", 10)],
      });
    }
    expect((await riskOf(early)).reasons).toEqual([]);
    for (const id of nine)
      expect(await riskOf(id)).toMatchObject({ score: 0, level: "low", reasons: [] });
    // The cluster: the other nine of the window, the erased one and the early one left out.
    const cluster = (await riskOf(ten[0]!)).cluster;
    expect(cluster.map((m) => m.id).sort()).toEqual(ten.slice(1).sort());
    expect(cluster.every((m) => m.shared.join() === "shared_network" && m.level === "medium")).toBe(
      true,
    );
  });

  it("shared_device: one device on 3 accounts (sign-up or sign-in); on 2 it does not fire", async () => {
    const device = hashOf("dev3");
    const a = await signedUp(T0, hashOf("n"), { device });
    const b = await signedUp(T0, hashOf("n"));
    const c = await signedUp(T0, hashOf("n"));
    await signal(b, { kind: "sign-in", device, at: T0 + DAY });
    await signal(c, { kind: "sign-in", device, at: T0 + 2 * DAY });
    const pair = hashOf("dev2");
    const d = await signedUp(T0, hashOf("n"), { device: pair });
    const e = await signedUp(T0, hashOf("n"));
    await signal(e, { kind: "sign-in", device: pair, at: T0 + DAY });
    await run();
    for (const id of [a, b, c]) {
      expect(await riskOf(id)).toMatchObject({
        score: 30,
        level: "medium",
        reasons: [reason("shared_device", 3)],
      });
    }
    for (const id of [d, e]) expect((await riskOf(id)).reasons).toEqual([]);
    // Below the threshold the cluster still shows who shares the device.
    expect((await riskOf(d)).cluster).toEqual([
      {
        id: e,
        nickname: expect.any(String),
        level: "low",
        suspended: false,
        shared: ["shared_device"],
      },
    ]);
  });

  it("referral_burst: 5 referees of one referrer from one network within 10 min, and the referrer; spread over 11 min they do not", async () => {
    const referrer = await account(T0 - DAY);
    const network = hashOf("burst");
    const burst = [];
    for (const minutes of [0, 2, 4, 6, 10]) {
      burst.push(await signedUp(T0 + minutes * MINUTE, network, { referredBy: referrer }));
    }
    const slow = await account(T0 - DAY);
    const slowNetwork = hashOf("slow");
    const spread = [];
    for (const minutes of [0, 3, 6, 9, 11]) {
      spread.push(await signedUp(T0 + minutes * MINUTE, slowNetwork, { referredBy: slow }));
    }
    // Same referrer, same minutes, but each from a network of its own: no burst either.
    const scattered = await account(T0 - DAY);
    for (const minutes of [0, 1, 2, 3, 4]) {
      await signedUp(T0 + minutes * MINUTE, hashOf("own"), { referredBy: scattered });
    }
    await run();
    for (const id of burst) {
      expect((await riskOf(id)).reasons).toEqual([reason("referral_burst", 5)]);
    }
    // Their referees never mined in 30 days: each referrer has idle referees too.
    expect((await riskOf(referrer)).reasons).toEqual([
      reason("referral_burst", 5),
      reason("idle_referees", 5),
    ]);
    for (const id of spread) expect((await riskOf(id)).reasons).toEqual([]);
    for (const id of [slow, scattered]) {
      expect((await riskOf(id)).reasons).toEqual([reason("idle_referees", 5)]);
    }
    // The referrer's cluster: its five referees, each sharing the burst.
    const cluster = (await riskOf(referrer)).cluster;
    expect(cluster.map((m) => m.id).sort()).toEqual([...burst].sort());
    expect(cluster.every((m) => m.shared.join() === "referral_burst")).toBe(true);
  });

  it("idle_referees: 5 referees older than 3 days, 4 of them never past a first session; 3 of 5, 4 referees or young ones do not", async () => {
    const old = T0 - 4 * DAY;
    const referees = async (referrer: string, at: number, sessions: number[]) => {
      for (const count of sessions) {
        const id = await account(at, { referredBy: referrer });
        for (let i = 0; i < count; i++) await session(id, at + i * DAY + i * 7 * MINUTE);
      }
    };
    const idle = await account(old - DAY);
    await referees(idle, old, [0, 1, 1, 0, 2]);
    const busy = await account(old - DAY);
    await referees(busy, old, [0, 1, 1, 2, 3]);
    const few = await account(old - DAY);
    await referees(few, old, [0, 0, 1, 1]);
    const young = await account(old - DAY);
    await referees(young, T0 + 28 * DAY, [0, 0, 0, 0, 0]);
    await run();
    expect((await riskOf(idle)).reasons).toEqual([reason("idle_referees", 5)]);
    for (const id of [busy, few, young]) expect((await riskOf(id)).reasons).toEqual([]);
  });

  it("kyc_duplicate: one document number's hash on 2 accounts; alone it is medium, never high", async () => {
    const document = hashOf("doc");
    const kyc = async (userId: string, hash: string) => {
      const { db } = test();
      return db.insert(kycRequests).values({
        userId,
        status: "pending",
        documentNumberHash: hash,
        createdAt: new Date(T0),
        updatedAt: new Date(T0),
      });
    };
    const a = await account(T0);
    const b = await account(T0);
    const c = await account(T0);
    await kyc(a, document);
    await kyc(b, document);
    await kyc(c, hashOf("doc"));
    await run();
    for (const id of [a, b]) {
      expect(await riskOf(id)).toMatchObject({
        score: W.kyc_duplicate,
        level: "medium",
        reasons: [reason("kyc_duplicate", 2)],
      });
    }
    expect((await riskOf(c)).reasons).toEqual([]);
    expect((await riskOf(a)).cluster.map((m) => [m.id, m.shared])).toEqual([
      [b, ["kyc_duplicate"]],
    ]);
  });

  it("shared_wallet: a linked wallet another account withdrew to (any workchain spelling); one's own wallet does not", async () => {
    const { db } = test();
    const hash = randomBytes(32).toString("hex");
    const withdraw = async (userId: string, address: string) =>
      db.insert(withdrawals).values({
        userId,
        amountNano: 1_000_000_000n,
        walletAddress: address,
        network: "-3",
        status: "rejected",
        createdAt: new Date(T0),
        updatedAt: new Date(T0),
      });
    const owner = await account(T0);
    await db.insert(tonWallets).values({
      userId: owner,
      address: `0:${hash}`,
      network: "-3",
      publicKey: randomBytes(32).toString("hex"),
      linkedAt: new Date(T0),
    });
    await withdraw(owner, `0:${hash}`);
    const other = await account(T0);
    await withdraw(other, `0:${hash}`);
    const third = await account(T0);
    await withdraw(third, `-1:${hash}`);
    const alone = await account(T0);
    const own = `0:${randomBytes(32).toString("hex")}`;
    await withdraw(alone, own);
    await withdraw(alone, own);
    await run();
    for (const id of [owner, other, third]) {
      expect((await riskOf(id)).reasons).toEqual([reason("shared_wallet", 3)]);
    }
    expect((await riskOf(alone)).reasons).toEqual([]);
    expect((await riskOf(owner)).cluster.map((m) => m.id).sort()).toEqual([other, third].sort());
  });

  it("robotic_mining: starts on the hour every day (within 5 s) fire with the regular run's length; varied minutes, or 3 starts, do not", async () => {
    const day0 = new Date("2026-05-20T08:00:00Z").getTime();
    const farm = await account(day0 - DAY);
    // Intervals of 24 h, 24 h and 24 h 5 s: within the 5 s jitter, just.
    for (const [i, jitter] of [0, 0, 0, 5_000].entries())
      await session(farm, day0 + i * DAY + jitter);
    // An irregular start long ago, then five regular ones: the run is the five latest.
    const longer = await account(day0 - 10 * DAY);
    await session(longer, day0 - 3 * DAY + 17 * MINUTE);
    for (let i = 0; i < 5; i++) await session(longer, day0 + i * DAY + 30 * MINUTE);
    const human = await account(day0 - DAY);
    for (const [i, minutes] of [0, 7, -5, 20, 3].entries()) {
      await session(human, day0 + i * DAY + minutes * MINUTE);
    }
    // Just over the jitter: 24 h, 24 h, 24 h 6 s.
    const sloppy = await account(day0 - DAY);
    for (const [i, jitter] of [0, 0, 0, 6_000].entries())
      await session(sloppy, day0 + i * DAY + jitter);
    const three = await account(day0 - DAY);
    for (let i = 0; i < 3; i++) await session(three, day0 + i * DAY);
    await run();
    expect((await riskOf(farm)).reasons).toEqual([reason("robotic_mining", 4)]);
    expect((await riskOf(longer)).reasons).toEqual([reason("robotic_mining", 5)]);
    for (const id of [human, sloppy, three]) expect((await riskOf(id)).reasons).toEqual([]);
  });
});

describe("levels, reset and the review queue", () => {
  it("two signals make high, the score is capped at 100; reasons vanish → 0, low, none, the admin's columns kept", async () => {
    const network = hashOf("combo");
    const device = hashOf("combo-dev");
    const accounts = [];
    for (let i = 0; i < 10; i++) {
      accounts.push(await signedUp(T0 + i * MINUTE, network, i < 3 ? { device } : {}));
    }
    const [both] = accounts as [string];
    await run();
    expect(await riskOf(both)).toMatchObject({
      score: 60,
      level: "high",
      reasons: [reason("shared_network", 10), reason("shared_device", 3)],
    });
    expect((await riskOf(accounts[5]!)).level).toBe("medium");
    // The cluster: the two device sharers first (two signals), then the network's other seven.
    const cluster = (await riskOf(both)).cluster;
    expect(cluster).toHaveLength(9);
    expect(cluster.slice(0, 2).map((m) => m.shared)).toEqual([
      ["shared_network", "shared_device"],
      ["shared_network", "shared_device"],
    ]);
    expect(
      cluster
        .slice(0, 2)
        .map((m) => m.id)
        .sort(),
    ).toEqual(accounts.slice(1, 3).sort());

    // Heavier weights: the sum is capped at 100.
    const heavy = {
      ...DEFAULT_RISK_SETTINGS,
      weights: { ...W, shared_network: 70, shared_device: 70 },
    };
    expect((await admin.client.put("/api/admin/risk/settings", heavy)).statusCode).toBe(200);
    await run();
    expect(await riskOf(both)).toMatchObject({ score: 100, level: "high" });
    expect(
      (await admin.client.put("/api/admin/risk/settings", DEFAULT_RISK_SETTINGS)).statusCode,
    ).toBe(200);

    // An admin withholds the bonus, then the signals go (the 90-day sweep): the score resets.
    const withheld = await admin.client.post(`/api/admin/users/${both}/risk/actions`, {
      action: "withhold-referral-bonus",
    });
    expect(withheld.statusCode, withheld.body).toBe(200);
    await test().db.delete(accountSignals).where(inArray(accountSignals.userId, accounts));
    test().clock.advance(MINUTE);
    await run();
    expect(await riskOf(both)).toMatchObject({
      score: 0,
      level: "low",
      reasons: [],
      referralBonusWithheld: true,
      cluster: [],
    });
    const [row] = await test().db.select().from(userRisk).where(eq(userRisk.userId, both));
    expect(row).toMatchObject({ score: 0, level: "low", reasons: [] });
    expect(row?.referralBonusWithheldAt).not.toBeNull();
  });

  it("lists the queue by level, highest score first, pages, and leaves out what an admin reviewed since", async () => {
    const { db } = test();
    const queue = async (level: string, q: string, cursor?: string) => {
      const response = await admin.client.get(
        `/api/admin/users?risk=${level}&q=${q}${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AdminUserList;
    };
    // 30 scored rows (29 high, 1 medium) written straight: the run would reset rows without a reason.
    const stamp = `Rq${randomBytes(2).toString("hex")}`;
    const at = new Date(T0 + 29 * DAY);
    const rows = [];
    for (let i = 0; i < 30; i++) {
      const id = await account(T0, { nickname: `${stamp}${String(i).padStart(2, "0")}` });
      const level = i < 29 ? "high" : "medium";
      const score = level === "high" ? 60 + (i % 9) * 5 : 40;
      rows.push({ id, level, score });
      await db.insert(userRisk).values({
        userId: id,
        score,
        level,
        reasons: [],
        computedAt: at,
        // Two reviewed after their score (left out), one reviewed before it was raised (kept).
        reviewedAt:
          i === 0 || i === 1
            ? new Date(at.getTime() + 1)
            : i === 2
              ? new Date(at.getTime() - 1)
              : null,
        updatedAt: at,
      });
    }
    const expected = rows
      .filter((r, i) => r.level === "high" && i !== 0 && i !== 1)
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    const first = await queue("high", stamp);
    expect(expected).toHaveLength(27);
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await queue("high", stamp, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    const listed = [...first.items, ...second.items];
    expect(listed.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(listed.map((r) => r.risk)).toEqual(
      expected.map((r) => ({ level: "high", score: r.score })),
    );
    expect((await queue("medium", stamp)).items.map((r) => r.id)).toEqual(
      rows.slice(29).map((r) => r.id),
    );
    // The search keeps its order (newest first, then id) and shows each row's risk.
    const search = (await admin.client.get(`/api/admin/users?q=${stamp}`)).json() as AdminUserList;
    const newest = [...rows].sort((a, b) => (a.id < b.id ? 1 : -1)).slice(0, 25);
    expect(search.items.map((r) => [r.id, r.risk])).toEqual(
      newest.map((r) => [r.id, { level: r.level, score: r.score }]),
    );
    // Never scored: null, in the search and on the user page.
    const plain = await account(T0, { nickname: `${stamp}plain` });
    const alone = (
      await admin.client.get(`/api/admin/users?q=${stamp}plain`)
    ).json() as AdminUserList;
    expect(alone.items.map((r) => [r.id, r.risk])).toEqual([[plain, null]]);
    expect((await admin.client.get(`/api/admin/users/${plain}`)).json().user.risk).toBeNull();
    // Bad cursors and levels: 400.
    for (const url of [
      "/api/admin/users?risk=high&cursor=bm9wZQ",
      `/api/admin/users?risk=high&cursor=${Buffer.from("101|x").toString("base64url")}`,
      "/api/admin/users?risk=low",
      "/api/admin/users?risk=extreme",
    ]) {
      expect((await admin.client.get(url)).statusCode, url).toBe(400);
    }
  });

  it("a reviewed account stays out while the run finds the same, comes back when it finds more", async () => {
    const { db } = test();
    const network = hashOf("rev");
    const device = hashOf("rev-dev");
    const accounts = [];
    for (let i = 0; i < 10; i++)
      accounts.push(await signedUp(T0 + i * MINUTE, network, i < 3 ? { device } : {}));
    const [target] = accounts as [string];
    const inQueue = async () => {
      const items = [];
      let cursor: string | null = null;
      do {
        const page = (
          await admin.client.get(`/api/admin/users?risk=high${cursor ? `&cursor=${cursor}` : ""}`)
        ).json() as AdminUserList;
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return items.some((row) => row.id === target);
    };
    test().clock.advance(MINUTE);
    await run();
    expect(await inQueue()).toBe(true);
    test().clock.advance(MINUTE);
    const reviewed = await admin.client.post(`/api/admin/users/${target}/risk/actions`, {
      action: "mark-reviewed",
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().reviewedAt).toBe(test().clock.now().toISOString());
    expect(await inQueue()).toBe(false);
    test().clock.advance(MINUTE);
    await run();
    expect(await inQueue()).toBe(false);
    // A new signal: a KYC document shared with another account.
    const twin = await account(T0);
    const document = hashOf("doc");
    for (const userId of [target, twin]) {
      await db.insert(kycRequests).values({
        userId,
        status: "pending",
        documentNumberHash: document,
        createdAt: new Date(T0),
        updatedAt: new Date(T0),
      });
    }
    test().clock.advance(MINUTE);
    await run();
    expect(await inQueue()).toBe(true);
    expect((await riskOf(target)).score).toBe(100);
  });
});

describe("the admin's actions", () => {
  it("set and clear the columns, each audited once; a no-op writes nothing; never oneself; 404 for nobody", async () => {
    // From an address range of its own: no other account of this file shares its network.
    const miner = await signUp(test(), uniqueUser("riskminer"), {}, { ip: "203.0.113.77" });
    await verifyEmail(test(), miner.user.email);
    expect((await miner.client.post("/api/mining/start")).statusCode).toBeLessThan(300);
    const id = miner.me.id as string;
    const fresh = await riskOf(id);
    expect(fresh).toEqual({
      score: 0,
      level: "low",
      reasons: [],
      computedAt: null,
      reviewedAt: null,
      referralBonusWithheld: false,
      kycRecheckRequired: false,
      cluster: [],
    });
    const act = async (action: string) => {
      test().clock.advance(MINUTE);
      const response = await admin.client.post(`/api/admin/users/${id}/risk/actions`, { action });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AdminUserRisk;
    };
    // A referee mining (from a range of its own too): the miner's rate counts them until withheld.
    const referee = await signUp(
      test(),
      uniqueUser("riskref"),
      { referralCode: miner.me.referralCode },
      { ip: "198.18.5.5" },
    );
    await verifyEmail(test(), referee.user.email);
    expect((await referee.client.post("/api/mining/start")).statusCode).toBeLessThan(300);
    const counted = async () =>
      (await miner.client.get("/api/mining")).json().rate.countedReferrals as number;
    expect(await counted()).toBe(1);
    expect((await act("withhold-referral-bonus")).referralBonusWithheld).toBe(true);
    expect(await counted()).toBe(0);
    expect((await act("withhold-referral-bonus")).referralBonusWithheld).toBe(true);
    expect((await act("release-referral-bonus")).referralBonusWithheld).toBe(false);
    expect(await counted()).toBe(1);
    expect((await act("release-referral-bonus")).referralBonusWithheld).toBe(false);
    expect((await act("require-kyc")).kycRecheckRequired).toBe(true);
    const requiredAt = test().clock.now().toISOString();
    expect((await act("waive-kyc")).kycRecheckRequired).toBe(false);
    expect((await act("waive-kyc")).kycRecheckRequired).toBe(false);
    const reviewedAt = new Date(test().clock.now().getTime() + MINUTE).toISOString();
    expect((await act("mark-reviewed")).reviewedAt).toBe(reviewedAt);

    const audited = async (action: string) =>
      (await auditOf(action, id)).map((row) => ({
        actor: row.actor_id,
        type: row.target_type,
        before: row.before,
        after: row.after,
      }));
    const by = { actor: admin.me.id, type: "user" };
    expect(await audited("risk.withhold_referral_bonus")).toEqual([
      { ...by, before: { referralBonusWithheld: false }, after: { referralBonusWithheld: true } },
    ]);
    expect(await audited("risk.release_referral_bonus")).toEqual([
      {
        ...by,
        before: { referralBonusWithheldAt: expect.any(String) },
        after: { referralBonusWithheld: false },
      },
    ]);
    expect(await audited("risk.require_kyc")).toEqual([
      {
        ...by,
        before: { kycRecheckRequiredAt: null },
        after: { kycRecheckRequiredAt: requiredAt },
      },
    ]);
    expect(await audited("risk.waive_kyc")).toEqual([
      {
        ...by,
        before: { kycRecheckRequiredAt: requiredAt },
        after: { kycRecheckRequiredAt: null },
      },
    ]);
    expect(await audited("risk.mark_reviewed")).toEqual([
      { ...by, before: { reviewedAt: null }, after: { reviewedAt, score: 0, level: "low" } },
    ]);
    const [row] = await test().db.select().from(userRisk).where(eq(userRisk.userId, id));
    expect(row).toMatchObject({
      referralBonusWithheldAt: null,
      kycRecheckRequiredAt: null,
      reviewedAt: new Date(reviewedAt),
      reviewedBy: admin.me.id,
      computedAt: null,
    });
    // The miner's session went on through the re-rates (the books balance: afterAll).
    expect((await miner.client.get("/api/mining")).json().session).toMatchObject({ active: true });

    const self = await admin.client.post(`/api/admin/users/${admin.me.id}/risk/actions`, {
      action: "mark-reviewed",
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe("SELF_ACTION_FORBIDDEN");
    const nobody = "00000000-0000-4000-8000-000000000000";
    expect((await admin.client.get(`/api/admin/users/${nobody}/risk`)).statusCode).toBe(404);
    const missing = await admin.client.post(`/api/admin/users/${nobody}/risk/actions`, {
      action: "require-kyc",
    });
    expect(missing.statusCode).toBe(404);
    const bad = await admin.client.post(`/api/admin/users/${id}/risk/actions`, { action: "ban" });
    expect(bad.statusCode).toBe(400);
    // A plain user reaches none of it.
    const user = await signUp(test());
    expect((await user.client.get(`/api/admin/users/${id}/risk`)).statusCode).toBe(403);
    expect((await user.client.post("/api/admin/risk/run")).statusCode).toBe(403);
  });
});

/**
 * Starts a run that lasts until `release()`, and resolves once it is under way: the lock is taken
 * on its own connection, so a query answered first must not see `release` still unset.
 */
async function holdRun(runs: RiskRunLock) {
  let release = () => {};
  let started = () => {};
  const running = new Promise<void>((resolve) => (started = resolve));
  const held = runs.tryRun(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
        started();
      }),
  );
  await running;
  return { release, held };
}

describe("runs", () => {
  it("refuses a run while one is under way (409 RISK_RUN_BUSY); two at once: one 409 or both right", async () => {
    const { release, held } = await holdRun(test().risk.runs);
    const busy = await admin.client.post("/api/admin/risk/run");
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toBe("RISK_RUN_BUSY");
    release();
    await held;

    const before = (await test().db.select().from(userRisk)).length;
    const runsBefore = (await auditOf("risk.run", "all")).length;
    const network = hashOf("twice");
    const accounts = [];
    for (let i = 0; i < 10; i++) accounts.push(await signedUp(T0 + i * MINUTE, network));
    test().clock.advance(MINUTE);
    const both = await Promise.all([
      admin.client.post("/api/admin/risk/run"),
      admin.client.post("/api/admin/risk/run"),
    ]);
    const statuses = both.map((r) => r.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const summaries = both.filter((r) => r.statusCode === 200).map((r) => r.json());
    expect(new Set(summaries.map((s) => JSON.stringify(s))).size).toBe(1);
    for (const id of accounts)
      expect((await riskOf(id)).reasons).toEqual([reason("shared_network", 10)]);
    expect((await test().db.select().from(userRisk)).length).toBe(before + 10);
    expect((await auditOf("risk.run", "all")).length - runsBefore).toBe(summaries.length);
  });

  it("the nightly job runs once a day, from 03:00 UTC", async () => {
    const clock = manualClock(new Date("2026-07-01T02:59:59Z"));
    const deps = { db: test().db, clock, runs: riskRunLock(test().database) };
    await test().db.execute(sql`delete from app_settings where key = 'risk_last_run'`);
    expect(await runNightlyScoring(deps)).toBe(false);
    clock.set(new Date("2026-07-01T03:00:00Z"));
    expect(await runNightlyScoring(deps)).toBe(true);
    clock.set(new Date("2026-07-01T03:15:00Z"));
    expect(await runNightlyScoring(deps)).toBe(false);
    clock.set(new Date("2026-07-01T23:59:00Z"));
    expect(await runNightlyScoring(deps)).toBe(false);
    clock.set(new Date("2026-07-02T02:45:00Z"));
    expect(await runNightlyScoring(deps)).toBe(false);
    clock.set(new Date("2026-07-02T03:10:00Z"));
    expect(await runNightlyScoring(deps)).toBe(true);
    // An admin's run after 03:00 does the night's work: the job adds none.
    test().clock.set(new Date("2026-07-03T09:00:00Z"));
    await elevate();
    await run();
    clock.set(new Date("2026-07-03T09:15:00Z"));
    expect(await runNightlyScoring(deps)).toBe(false);
    // Skipped while another run holds the lock.
    clock.set(new Date("2026-07-04T03:00:00Z"));
    const { release, held } = await holdRun(deps.runs);
    expect(await runNightlyScoring(deps)).toBe(false);
    release();
    await held;
    expect(await runNightlyScoring(deps)).toBe(true);
    test().clock.set(new Date(T0 + 30 * DAY));
    await elevate();
  });
});

describe("settings", () => {
  it("reads the defaults, saves a change with its audit line, refuses out-of-range values", async () => {
    // Back to nothing stored: the defaults.
    await test().db.execute(sql`delete from app_settings where key = 'risk_settings'`);
    const defaults = await admin.client.get("/api/admin/risk/settings");
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toEqual(DEFAULT_RISK_SETTINGS);
    // No signal alone reaches high with the defaults (carrier NAT: many honest phones, one network).
    for (const weight of Object.values(DEFAULT_RISK_SETTINGS.weights)) {
      expect(weight).toBeLessThan(DEFAULT_RISK_SETTINGS.highAt);
    }
    const changed = { ...DEFAULT_RISK_SETTINGS, networkAccounts: 9, highAt: 70 };
    const saved = await admin.client.put("/api/admin/risk/settings", changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(changed);
    expect((await admin.client.get("/api/admin/risk/settings")).json()).toEqual(changed);
    // The earlier tests' changes were audited too: this one is the line that saved `changed`.
    const audit = (await auditOf("risk.settings", "risk_settings")).filter(
      (row) => (row.after as { highAt?: number }).highAt === 70,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.me.id,
      target_type: "settings",
      before: DEFAULT_RISK_SETTINGS,
      after: changed,
    });

    // A threshold moved: nine accounts on one network now fire.
    const network = hashOf("nine");
    const nine = [];
    for (let i = 0; i < 9; i++) nine.push(await signedUp(T0 + i * MINUTE, network));
    test().clock.advance(MINUTE);
    await run();
    expect((await riskOf(nine[0]!)).reasons).toEqual([reason("shared_network", 9)]);

    for (const bad of [
      { ...changed, weights: { ...W, shared_network: 101 } },
      { ...changed, weights: { ...W, kyc_duplicate: -1 } },
      { ...changed, mediumAt: 80, highAt: 70 },
      { ...changed, highAt: 0 },
      { ...changed, networkAccounts: 1 },
      { ...changed, networkWindowHours: 24 * 31 },
      { ...changed, burstWindowMinutes: 0 },
      { ...changed, idleSharePercent: 101 },
      { ...changed, idleAfterDays: 91 },
      { ...changed, roboticStarts: 2 },
      { ...changed, roboticJitterSeconds: 3601 },
      { ...changed, deviceAccounts: 2.5 },
      { ...changed, weights: { shared_network: 30 } },
      { mediumAt: 30 },
    ]) {
      const refused = await admin.client.put("/api/admin/risk/settings", bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await admin.client.get("/api/admin/risk/settings")).json()).toEqual(changed);
    expect(
      (await admin.client.put("/api/admin/risk/settings", DEFAULT_RISK_SETTINGS)).statusCode,
    ).toBe(200);
  });
});
