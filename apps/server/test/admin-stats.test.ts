import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import {
  boosts,
  gameBets,
  gameSeedPairs,
  ledgerEntries,
  levelValidations,
  miningSessions,
  shopOrders,
  users,
} from "../src/db/schema/index.ts";
import { statsService } from "../src/modules/stats/stats.service.ts";
import { client, elevatedAdmin, promotedAdmin, signUp, useTestApp } from "./helpers.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FRE = 1_000_000_000n;
/** The statistics are read at this instant: a Monday, 12:00 UTC. */
const NOW = new Date("2026-06-15T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const TODAY = new Date("2026-06-15T00:00:00.000Z");

const test = useTestApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;
let plain: Awaited<ReturnType<typeof signUp>>;

/** The accounts seeded straight into the tables: u1…u6 (u6 erased). */
const U = ["u1", "u2", "u3", "u4", "u5", "u6"].map((name) => `stats-${name}`);
const [u1, u2, u3, u4, u5, u6] = U as [string, string, string, string, string, string];

async function seed() {
  const { db } = test();
  const account = (
    id: string,
    createdAt: Date,
    extra: Partial<typeof users.$inferInsert> = {},
  ) => ({
    id,
    name: id,
    nickname: id,
    email: `${id}@example.com`,
    referralCode: id.toUpperCase().replace("-", ""),
    createdAt,
    ...extra,
  });
  // Balances are the sums of the ledger rows below (the books must still balance).
  await db.insert(users).values([account(u4, ago(10 * DAY), { balance: FRE / 2n })]);
  await db.insert(users).values([
    account(u1, ago(HOUR), { referredBy: u4, balance: FRE / 4n }),
    // Midnight UTC exactly: today's first instant.
    account(u2, TODAY, { referredBy: u4, balance: (FRE * 3n) / 16n }),
    // The last millisecond of yesterday.
    account(u3, new Date(TODAY.getTime() - 1), { balance: 2n * FRE }),
    account(u5, ago(100 * DAY), { balance: 16n * FRE }),
    account(u6, ago(40 * DAY), { erasedAt: ago(DAY) }),
  ]);

  const session = (
    userId: string,
    status: "active" | "claimed" | "stopped",
    start: Date,
    end: Date,
    rateNano: bigint,
    endedAt: Date | null = null,
  ) => ({
    userId,
    status,
    startTime: start,
    endTime: end,
    baseRateNano: 1_041_667n,
    rateNano,
    segmentStart: start,
    rateCheckedAt: start,
    claimedAt: endedAt,
    endedAt,
    creditedNano: endedAt ? 0n : null,
  });
  await db.insert(miningSessions).values([
    session(u1, "active", ago(2 * HOUR), ago(-22 * HOUR), 3_000_000n),
    session(u2, "active", ago(3 * HOUR), ago(-21 * HOUR), 5_000_000n),
    // 06-14 06:00 → 06-15 06:00, claimed an hour after its end: ran 24 h.
    {
      ...session(u3, "claimed", ago(30 * HOUR), ago(6 * HOUR), 9_000_000n, ago(6 * HOUR)),
      claimedAt: ago(5 * HOUR),
    },
    // 06-10 12:00, stopped at 18:00 (its planned end, 06-11 12:00, never came): ran 6 h.
    session(u4, "stopped", ago(5 * DAY), ago(4 * DAY), 2_000_000n, ago(5 * DAY - 6 * HOUR)),
    // 05-26 12:00 → 05-27 12:00.
    session(u5, "claimed", ago(20 * DAY), ago(19 * DAY), 1_500_000n, ago(19 * DAY)),
    // Never claimed, ended exactly 24 h ago (06-13 12:00 → 06-14 12:00).
    session(u6, "active", ago(2 * DAY), ago(DAY), 1_000_000n),
  ]);

  const entry = (
    userId: string,
    kind: "mining" | "bonus",
    amountNano: bigint,
    at: Date,
    ref: string,
  ) => ({
    userId,
    kind,
    amountNano,
    reference: `stats-${ref}`,
    createdAt: at,
  });
  await db
    .insert(ledgerEntries)
    .values([
      entry(u3, "mining", 2n * FRE, ago(5 * HOUR), "e1"),
      entry(u4, "mining", FRE / 2n, ago(5 * DAY - 6 * HOUR), "e2"),
      entry(u5, "mining", 3n * FRE, ago(19 * DAY), "e3"),
      entry(u5, "mining", FRE, ago(60 * DAY), "e4"),
      entry(u5, "mining", 4n * FRE, ago(200 * DAY), "e5"),
      entry(u5, "mining", 8n * FRE, ago(400 * DAY), "e6"),
      entry(u1, "bonus", FRE / 4n, ago(HOUR), "e7"),
      entry(u2, "mining", FRE / 8n, TODAY, "e8"),
      entry(u2, "mining", FRE / 16n, new Date(TODAY.getTime() - 1), "e9"),
    ]);

  await db.insert(levelValidations).values([
    { userId: u1, level: 1, rewardNano: 20_000_000n, validatedAt: ago(DAY) },
    { userId: u1, level: 2, rewardNano: 20_000_000n, validatedAt: ago(HOUR) },
  ]);
  await db.insert(boosts).values([
    {
      userId: u1,
      valueNano: 400_000_000n,
      source: "test",
      appliedAt: ago(HOUR),
      expiresAt: ago(-23 * HOUR),
    },
    {
      userId: u2,
      valueNano: FRE,
      source: "test",
      appliedAt: ago(25 * HOUR),
      expiresAt: ago(HOUR),
    },
    {
      userId: u3,
      valueNano: FRE,
      source: "test",
      appliedAt: ago(-HOUR),
      expiresAt: ago(-25 * HOUR),
    },
  ]);

  const order = (
    userId: string,
    itemId: string,
    status: "paid" | "underpaid" | "expired",
    received: bigint,
  ) => ({
    userId,
    itemId,
    priceNano: 3n * FRE,
    payTo: "EQtest",
    comment: `stats-${userId}-${itemId}`,
    status,
    receivedNano: received,
    createdAt: ago(2 * DAY),
    expiresAt: ago(DAY),
    paidAt: status === "paid" ? ago(2 * DAY) : null,
  });
  await db
    .insert(shopOrders)
    .values([
      order(u1, "FRE1", "paid", 1_500_000_000n),
      order(u2, "FRE3", "paid", 2_250_000_000n),
      order(u3, "FRE5", "underpaid", 500_000_000n),
      order(u4, "FRE1", "expired", 0n),
    ]);

  const [pair] = await db
    .insert(gameSeedPairs)
    .values({
      userId: u1,
      serverSeed: "s",
      serverSeedHash: "h",
      clientSeed: "c",
      createdAt: ago(DAY),
    })
    .returning({ id: gameSeedPairs.id });
  const bet = (nonce: number, amount: bigint, payout: bigint, status: "open" | "settled") => ({
    userId: u1,
    game: "keno" as const,
    amountNano: amount,
    seedPairId: pair!.id,
    nonce,
    clientSeed: "c",
    options: {},
    outcome: {},
    multiplier: "0",
    payoutNano: payout,
    status,
    createdAt: ago(DAY),
    settledAt: status === "settled" ? ago(DAY) : null,
  });
  await db
    .insert(gameBets)
    .values([bet(0, 10n * FRE, 9n * FRE, "settled"), bet(1, 5n * FRE, 5_500_000_000n, "settled")]);
  await db.insert(gameBets).values([{ ...bet(2, 100n * FRE, 0n, "open"), game: "towers" }]);
}

/** The UTC days from `first` to 06-15, as YYYY-MM-DD. */
function daysUpToToday(count: number) {
  return Array.from({ length: count }, (_, i) =>
    new Date(TODAY.getTime() - (count - 1 - i) * DAY).toISOString().slice(0, 10),
  );
}

async function series(metric: string, days?: number) {
  const response = await admin.client.get(
    `/api/admin/stats/series?metric=${metric}${days === undefined ? "" : `&days=${days}`}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as {
    metric: string;
    days: number;
    points: { day: string; value: string }[];
  };
  return { ...body, byDay: new Map(body.points.map((p) => [p.day, p.value])) };
}

beforeAll(async () => {
  const { db } = test();
  test().clock.set(NOW);
  admin = await elevatedAdmin(test(), "statsboss");
  plain = await signUp(test());
  // The two signed-up accounts: long before every window.
  await db
    .update(users)
    .set({ createdAt: new Date("2025-01-01T00:00:00Z") })
    .where(inArray(users.id, [admin.me.id, plain.me.id]));
  await seed();
});

describe("GET /api/admin/stats", () => {
  it("computes every figure of spec §3, the shop's revenue and the games' volumes", async () => {
    const response = await admin.client.get("/api/admin/stats");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      totalMinedAllTime: "18.687500000",
      totalMined24h: "2.187500000",
      totalMinedWeek: "2.687500000",
      totalMinedMonth: "5.687500000",
      totalMined3Months: "6.687500000",
      totalMinedYear: "10.687500000",
      // u1, u2 (running), u3 (stopped 6 h ago); + u4 and u6 (ended exactly 24 h ago); + u5.
      activeMiners24h: 3,
      activeMinersWeek: 5,
      activeMinersMonth: 6,
      averageMiningRate: "0.004000000",
      peakMiningRate: "0.009000000",
      // Two signed-up accounts + u1…u5 (u6 is erased).
      totalUsers: 7,
      newUsersToday: 2,
      totalActiveSessions: 2,
      totalCompletedSessions: 3,
      // (24 h + 6 h + 24 h) / 3, from each session's start to its end or stop.
      averageSessionDurationMs: 18 * HOUR,
      // u4 has two referrals mining now: 2 × 0.0020833.
      totalReferralBonus: "0.004166600",
      totalLevelBonus: "0.040000000",
      totalTemporaryBonus: "0.400000000",
      bonusCodeCredits: "0.250000000",
      shop: { revenueTon: "3.750000000", paidOrders: 2 },
      games: { stakes: "15.000000000", payouts: "14.500000000", bets: 2, houseEdge: 0.033333 },
      lastUpdated: NOW.toISOString(),
    });
  });
});

describe("GET /api/admin/stats/series", () => {
  it("counts new users per UTC day, every day present, midnight belonging to its own day", async () => {
    const week = await series("new_users", 7);
    expect(week.metric).toBe("new_users");
    expect(week.days).toBe(7);
    expect(week.points.map((p) => p.day)).toEqual(daysUpToToday(7));
    expect(week.points.map((p) => p.value)).toEqual(["0", "0", "0", "0", "0", "1", "2"]);
    const month = await series("new_users", 30);
    expect(month.points).toHaveLength(30);
    expect(month.byDay.get("2026-06-05")).toBe("1");
    const quarter = await series("new_users", 90);
    expect(quarter.points).toHaveLength(90);
    expect(quarter.points[0]!.day).toBe("2026-03-18");
    // u6 (erased since) signed up on 05-06; u5's 03-07 is before the 90 days.
    expect(quarter.byDay.get("2026-05-06")).toBe("1");
    expect(quarter.points.reduce((sum, p) => sum + Number(p.value), 0)).toBe(5);
  });

  it("sums FRE mined per UTC day", async () => {
    const week = await series("mined", 7);
    expect(week.points.map((p) => p.day)).toEqual(daysUpToToday(7));
    expect(week.points.map((p) => p.value)).toEqual([
      "0.000000000",
      "0.500000000",
      "0.000000000",
      "0.000000000",
      "0.000000000",
      "0.062500000",
      "2.125000000",
    ]);
    expect((await series("mined", 30)).byDay.get("2026-05-27")).toBe("3.000000000");
  });

  it("counts each day the miners whose session ran in it (a stopped one until its stop)", async () => {
    const week = await series("active_miners", 7);
    // 06-09 … 06-15: u4 on 06-10 only (stopped at 18:00), u6 on 06-13 and 06-14, u3 on 06-14
    // and 06-15, u1 and u2 today.
    expect(week.points.map((p) => p.value)).toEqual(["0", "1", "0", "0", "1", "2", "3"]);
    const month = await series("active_miners", 30);
    expect(month.points[0]!.day).toBe("2026-05-17");
    expect(month.byDay.get("2026-05-26")).toBe("1");
    expect(month.byDay.get("2026-05-27")).toBe("1");
    expect(month.byDay.get("2026-05-28")).toBe("0");
  });

  it("answers 30 days by default", async () => {
    const byDefault = await series("mined");
    expect(byDefault.days).toBe(30);
    expect(byDefault.points.map((p) => p.day)).toEqual(daysUpToToday(30));
  });

  it("refuses a length outside 1…90 or an unknown metric with 400", async () => {
    for (const query of [
      "metric=mined&days=0",
      "metric=mined&days=91",
      "metric=mined&days=abc",
      "metric=mined&days=1.5",
      "metric=revenue&days=7",
      "days=7",
    ]) {
      const response = await admin.client.get(`/api/admin/stats/series?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({
        error: "VALIDATION_ERROR",
        message: expect.any(String),
      });
    }
    expect((await series("mined", 1)).points.map((p) => p.day)).toEqual(["2026-06-15"]);
    expect((await series("mined", 90)).points).toHaveLength(90);
  });
});

describe("admin statistics: who may read them", () => {
  it("refuses anyone but an elevated admin", async () => {
    for (const url of ["/api/admin/stats", "/api/admin/stats/series?metric=mined&days=7"]) {
      expect((await client(test()).get(url)).statusCode).toBe(401);
      expect((await plain.client.get(url)).statusCode).toBe(403);
      const notElevated = await promotedAdmin(test(), "statsnoel");
      expect((await notElevated.client.get(url)).statusCode).toBe(403);
    }
  });
});

describe("admin statistics: the 60 s cache", () => {
  it("answers the same figures within a minute, then reads them again", async () => {
    const { db } = test();
    const before = (await admin.client.get("/api/admin/stats")).json();
    const seriesBefore = await series("new_users", 7);
    await db.insert(users).values({
      id: "stats-late",
      name: "stats-late",
      nickname: "stats-late",
      email: "stats-late@example.com",
      referralCode: "STATSLATE",
      createdAt: ago(-30_000),
    });
    test().clock.advance(30_000);
    expect((await admin.client.get("/api/admin/stats")).json().totalUsers).toBe(before.totalUsers);
    expect((await series("new_users", 7)).points).toEqual(seriesBefore.points);
    test().clock.advance(30_000);
    const after = (await admin.client.get("/api/admin/stats")).json();
    // The other not-elevated admins signed up meanwhile count too: compare with the table.
    const total = (await db.select({ id: users.id }).from(users)).length - 1;
    expect(after.totalUsers).toBe(total);
    expect(after.totalUsers).toBeGreaterThan(before.totalUsers);
    expect(after.lastUpdated).toBe(new Date(NOW.getTime() + 60_000).toISOString());
    expect((await series("new_users", 7)).points.at(-1)!.value).toBe("3");
  });
});

describe("admin statistics: one computation at a time", () => {
  /**
   * The test database, every statement it is sent counted; `failNext` makes the next ones fail
   * as a broken connection would.
   */
  function countingDb() {
    const counter = { statements: 0, failNext: 0 };
    const db = new Proxy(test().db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return (...args: Parameters<Db["execute"]>) => {
          counter.statements += 1;
          if (counter.failNext > 0) {
            counter.failNext -= 1;
            return Promise.reject(new Error("connection lost"));
          }
          return target.execute(...args);
        };
      },
    });
    return { db, counter };
  }

  it("shares one computation of the figures between concurrent callers on a cold cache", async () => {
    // What one computation costs, on its own.
    const alone = countingDb();
    const expected = await statsService(alone.db, test().clock).globalStats();
    const perComputation = alone.counter.statements;
    expect(perComputation).toBeGreaterThan(0);

    const shared = countingDb();
    const stats = statsService(shared.db, test().clock);
    const answers = await Promise.all([
      stats.globalStats(),
      stats.globalStats(),
      stats.publicStats(),
    ]);
    expect(shared.counter.statements).toBe(perComputation);
    expect(answers[0]).toEqual(expected);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toEqual({
      totalUsers: expected.totalUsers,
      activeMiners24h: expected.activeMiners24h,
      totalMined: expected.totalMinedAllTime,
    });
    // Cached: no statement within the minute; one computation again after it.
    await stats.globalStats();
    expect(shared.counter.statements).toBe(perComputation);
    test().clock.advance(60_000);
    await Promise.all([stats.globalStats(), stats.globalStats()]);
    expect(shared.counter.statements).toBe(2 * perComputation);
    test().clock.advance(-60_000);
  });

  it("shares one computation of a series per metric and length", async () => {
    const { db, counter } = countingDb();
    const stats = statsService(db, test().clock);
    const [a, b, c] = await Promise.all([
      stats.dailySeries("mined", 7),
      stats.dailySeries("mined", 7),
      stats.dailySeries("mined", 8),
    ]);
    // One statement per series: two distinct series, two statements.
    expect(counter.statements).toBe(2);
    expect(b).toBe(a);
    expect(a.points).toHaveLength(7);
    expect(c.points).toHaveLength(8);
  });

  it("keeps no failure: every caller of the failed computation hears it, the next one retries", async () => {
    const { db, counter } = countingDb();
    const stats = statsService(db, test().clock);
    counter.failNext = 1;
    const failed = await Promise.allSettled([stats.globalStats(), stats.globalStats()]);
    expect(failed.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    const again = await stats.globalStats();
    expect(again.lastUpdated).toBe(test().clock.now().toISOString());

    counter.failNext = 1;
    const seriesFailed = await Promise.allSettled([
      stats.dailySeries("new_users", 7),
      stats.dailySeries("new_users", 7),
    ]);
    expect(seriesFailed.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect((await stats.dailySeries("new_users", 7)).points).toHaveLength(7);
  });
});
