import { LEAGUE_GROUP_SIZE } from "@fre/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import { writeSetting } from "../src/lib/app-settings.repo.ts";
import { leagueSettingsCache, runLeagueJob } from "../src/modules/leagues/index.ts";
import { DEFAULT_LEAGUE_SETTINGS } from "../src/modules/leagues/leagues.rules.ts";
import { currentLeague, leagueHistory, placeUser } from "../src/modules/leagues/leagues.service.ts";
import { isoWeekOf, nextWeek, previousWeek } from "../src/modules/leagues/leagues.week.ts";
import {
  createTestApp,
  createTestApps,
  creditMined,
  elevatedAdmin,
  expectLedgerBalanced,
  onPostgres,
  signUp,
  type TestApp,
  uniqueUser,
  useTestApp,
} from "./helpers.ts";

// Wednesday noon of ISO week 2026-W48 (Monday 23 November 2026).
const WEDNESDAY = new Date("2026-11-25T12:00:00Z");
const WEEK_MS = 7 * 86_400_000;

const test = useTestApp();

const deps = (t: TestApp) => t.leagues;

let seeded = 0;
/** Users written straight into the table (fast), returned by id. */
async function seedUsers(t: TestApp, count: number, prefix = "lg") {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    seeded += 1;
    const id = `${prefix}-${seeded}-${i}`;
    await t.db.execute(sql`
      insert into users (id, name, email, email_verified, nickname, referral_code, created_at)
      values (${id}, ${id}, ${`${id}@seed.local`}, true, ${`n${seeded}x${i}`.slice(0, 20)},
              ${`L${String(seeded).padStart(7, "0")}`}, now())`);
    ids.push(id);
  }
  return ids;
}

async function groupSizes(t: TestApp, week: string, league: string) {
  return rowsOf<{ group_no: number; size: number }>(
    await t.db.execute(sql`
      select group_no, count(*)::int as size from league_members
      where week = ${week} and league = ${league} group by group_no order by group_no`),
  );
}

describe("ISO weeks", () => {
  it("names UTC ISO weeks, Monday to Monday, across years", () => {
    expect(isoWeekOf(WEDNESDAY)).toEqual({
      week: "2026-W48",
      startsAt: new Date("2026-11-23T00:00:00Z"),
      endsAt: new Date("2026-11-30T00:00:00Z"),
    });
    expect(isoWeekOf(new Date("2026-11-29T23:59:59.999Z")).week).toBe("2026-W48");
    expect(isoWeekOf(new Date("2026-11-30T00:00:00Z")).week).toBe("2026-W49");
    expect(isoWeekOf(new Date("2021-01-03T12:00:00Z")).week).toBe("2020-W53");
    expect(isoWeekOf(new Date("2024-12-30T00:00:00Z")).week).toBe("2025-W01");
    expect(previousWeek(isoWeekOf(new Date("2025-01-01T00:00:00Z"))).week).toBe("2024-W52");
    expect(nextWeek(isoWeekOf(WEDNESDAY)).week).toBe("2026-W49");
  });
});

describe("placement and the group board", () => {
  it("places a newcomer lazily in Bronze and shows their group", async () => {
    // One instant for the clock and the expectation (two `new Date()` may differ by 1 ms).
    const WEDNESDAY = new Date();
    test().clock.set(WEDNESDAY);
    const { client: c, me } = await signUp(test(), uniqueUser("newbie"));
    const answer = await c.get("/api/leagues/current");
    expect(answer.statusCode).toBe(200);
    const board = answer.json();
    const week = isoWeekOf(WEDNESDAY);
    expect(board).toMatchObject({ week: week.week, league: "bronze", demoteCount: 0 });
    expect(board.msLeft).toBe(week.endsAt.getTime() - WEDNESDAY.getTime());
    expect(board.members.filter((m: { me: boolean }) => m.me)).toEqual([
      {
        rank: expect.any(Number),
        nickname: me.nickname,
        mined: "0.000000000",
        me: true,
        zone: null,
      },
    ]);
    // A second read does not place again.
    expect((await c.get("/api/leagues/current")).json().group).toBe(board.group);
    const rows = rowsOf<{ n: number }>(
      await test().db.execute(sql`select count(*)::int as n from league_members
        where user_id = ${me.id}`),
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("places by last week's mined FRE against the thresholds", async () => {
    test().clock.set(WEDNESDAY);
    const [gold, silver] = await seedUsers(test(), 2, "thr");
    const lastWeek = new Date(WEDNESDAY.getTime() - WEEK_MS);
    await creditMined(test(), gold!, "0.35", lastWeek);
    await creditMined(test(), silver!, "0.1", lastWeek);
    // Mined this week does not count for this week's league.
    await creditMined(test(), silver!, "50", WEDNESDAY);
    const week = isoWeekOf(WEDNESDAY);
    await placeUser(deps(test()), gold!, week);
    await placeUser(deps(test()), silver!, week);
    const leagues = rowsOf<{ user_id: string; league: string }>(
      await test().db.execute(sql`select user_id, league from league_members
        where week = ${week.week} and user_id in (${gold}, ${silver})`),
    );
    expect(Object.fromEntries(leagues.map((r) => [r.user_id, r.league]))).toEqual({
      [gold!]: "gold",
      [silver!]: "silver",
    });
  });

  it("places a miner who never opened the board within the job's next run", async () => {
    const at = new Date(WEDNESDAY.getTime() + 40 * WEEK_MS);
    test().clock.set(at);
    const week = isoWeekOf(at);
    const [miner, idle] = await seedUsers(test(), 2, "job");
    await runLeagueJob(deps(test()));
    await creditMined(test(), miner!, "0.01", at);
    test().clock.set(new Date(at.getTime() + 60_000));
    await runLeagueJob(deps(test()));
    const placed = rowsOf<{ user_id: string }>(
      await test().db.execute(sql`select user_id from league_members
        where week = ${week.week} and user_id in (${miner}, ${idle})`),
    );
    // The one who mined is placed; the one who did nothing is not (until they open the board).
    expect(placed.map((p) => p.user_id)).toEqual([miner]);
  });

  it("never puts 51 users in a group, even with placements at once", async () => {
    // A week of its own, so other tests' members do not count.
    const at = new Date(WEDNESDAY.getTime() + 10 * WEEK_MS);
    test().clock.set(at);
    const week = isoWeekOf(at);
    const ids = await seedUsers(test(), LEAGUE_GROUP_SIZE + 12, "grp");
    const first = ids.slice(0, LEAGUE_GROUP_SIZE - 3);
    for (const id of first) await placeUser(deps(test()), id, week);
    // 15 at once: 3 fill the first group, 12 open the second.
    await Promise.all(ids.slice(first.length).map((id) => placeUser(deps(test()), id, week)));
    expect(await groupSizes(test(), week.week, "bronze")).toEqual([
      { group_no: 1, size: LEAGUE_GROUP_SIZE },
      { group_no: 2, size: 12 },
    ]);
  });

  it("ranks the group by FRE mined this week, with promotion and demotion zones", async () => {
    const at = new Date(WEDNESDAY.getTime() + 20 * WEEK_MS);
    test().clock.set(at);
    const week = isoWeekOf(at);
    // Twenty silver members: 2 go up, 2 go down.
    const ids = await seedUsers(test(), 20, "zone");
    const lastWeek = new Date(at.getTime() - WEEK_MS);
    for (const [i, id] of ids.entries()) {
      await creditMined(test(), id, "0.2", lastWeek);
      if (i > 0) await creditMined(test(), id, String(i), new Date(week.startsAt.getTime() + 1000));
    }
    // Mined before the week never counts in it.
    await creditMined(test(), ids[0]!, "0.001", new Date(week.startsAt.getTime() - 1));
    for (const id of ids) await placeUser(deps(test()), id, week);
    // Seeded users have no session: the route's service, as ids[5].
    const board = await currentLeague(deps(test()), ids[5]!);
    expect(board.league).toBe("silver");
    expect(board.members).toHaveLength(20);
    expect(board.promoteCount).toBe(2);
    expect(board.demoteCount).toBe(2);
    expect(board.prizes).toEqual(["10.000000000", "6.000000000", "2.000000000"]);
    expect(board.members.map((m) => m.mined).slice(0, 3)).toEqual([
      "19.000000000",
      "18.000000000",
      "17.000000000",
    ]);
    expect(board.members.map((m) => m.zone)).toEqual([
      "promotion",
      "promotion",
      ...Array(16).fill(null),
      "demotion",
      "demotion",
    ]);
    expect(board.members.find((m) => m.me)).toMatchObject({ rank: 15, mined: "5.000000000" });
  });
});

describe("the friends' board", () => {
  it("shows me, my referrer and my referrals, and nobody else", async () => {
    // One instant for the clock and the expectation (two `new Date()` may differ by 1 ms).
    const WEDNESDAY = new Date();
    test().clock.set(WEDNESDAY);
    const { client: c, me } = await signUp(test(), uniqueUser("friend"));
    const [referrer, referral, stranger] = await seedUsers(test(), 3, "circle");
    await test().db.execute(sql`update users set referred_by = ${referrer} where id = ${me.id}`);
    await test().db.execute(sql`update users set referred_by = ${me.id} where id = ${referral}`);
    await creditMined(test(), referral!, "3", WEDNESDAY);
    await creditMined(test(), referrer!, "1", new Date(WEDNESDAY.getTime() - WEEK_MS));
    await creditMined(test(), stranger!, "99", WEDNESDAY);
    const board = (await c.get("/api/leaderboard/friends")).json();
    expect(board.week).toBe(isoWeekOf(WEDNESDAY).week);
    const byRelation = Object.fromEntries(
      board.members.map((m: { relation: string }) => [m.relation, m]),
    );
    expect(board.members).toHaveLength(3);
    expect(byRelation.referral).toMatchObject({
      weekMined: "3.000000000",
      totalMined: "3.000000000",
      weekRank: 1,
      allTimeRank: 1,
    });
    expect(byRelation.referrer).toMatchObject({
      weekMined: "0.000000000",
      totalMined: "1.000000000",
      allTimeRank: 2,
    });
    expect(byRelation.me).toMatchObject({ nickname: me.nickname, weekMined: "0.000000000" });
    expect(JSON.stringify(board)).not.toContain(stranger);
    const strangerName = rowsOf<{ nickname: string }>(
      await test().db.execute(sql`select nickname from users where id = ${stranger}`),
    )[0]?.nickname;
    expect(JSON.stringify(board)).not.toContain(`"${strangerName}"`);
  });
});

/** The week-end, run by `runs` at once: rewards once, standings, notices, next week's leagues. */
async function rolloverChecks(apps: TestApp[], run: () => Promise<unknown>) {
  const t = apps[0]!;
  const at = new Date(WEDNESDAY.getTime() + 30 * WEEK_MS);
  t.clock.set(at);
  const week = isoWeekOf(at);
  const ids = await seedUsers(t, 12, "roll");
  const lastWeek = new Date(at.getTime() - WEEK_MS);
  for (const [i, id] of ids.entries()) {
    await creditMined(t, id, "0.5", lastWeek); // gold
    if (i < 11)
      await creditMined(t, id, String(i + 1), new Date(week.startsAt.getTime() + i * 1000));
  }
  for (const id of ids) await placeUser(deps(t), id, week);
  const before = rowsOf<{ id: string; balance: string }>(
    await t.db.execute(sql`select id, balance::text as balance from users where id like 'roll-%'`),
  );
  // The week ends: every process's job runs at once.
  t.clock.set(new Date(week.endsAt.getTime() + 60_000));
  await run();
  await Promise.all(apps.map((app) => app.effects.settle()));

  const rewards = rowsOf<{ user_id: string; amount: string; reference: string }>(
    await t.db.execute(sql`select user_id, amount_nano::text as amount, reference
      from ledger_entries where kind = 'league_reward' and reference like ${`league:${week.week}:%`}
      order by amount_nano desc`),
  );
  // Gold ×3: 15, 9, 3 FRE to the three best (ids[10], ids[9], ids[8]), once each.
  expect(rewards).toEqual([
    { user_id: ids[10], amount: "15000000000", reference: `league:${week.week}:${ids[10]}` },
    { user_id: ids[9], amount: "9000000000", reference: `league:${week.week}:${ids[9]}` },
    { user_id: ids[8], amount: "3000000000", reference: `league:${week.week}:${ids[8]}` },
  ]);
  const after = rowsOf<{ id: string; balance: string }>(
    await t.db.execute(sql`select id, balance::text as balance from users where id like 'roll-%'`),
  );
  const gained = Object.fromEntries(
    after.map((r) => [
      r.id,
      BigInt(r.balance) - BigInt(before.find((b) => b.id === r.id)?.balance ?? "0"),
    ]),
  );
  expect(gained[ids[10]!]).toBe(15_000_000_000n);
  expect(gained[ids[0]!]).toBe(0n);
  await expectLedgerBalanced(t);

  const notices = rowsOf<{ user_id: string; n: number }>(
    await t.db.execute(sql`select user_id, count(*)::int as n from notifications
      where type = 'league_result' and user_id like 'roll-%' group by user_id`),
  );
  expect(notices).toHaveLength(12);
  expect(notices.every((n) => n.n === 1)).toBe(true);

  const settled = rowsOf<{ settled_at: unknown }>(
    await t.db.execute(sql`select settled_at from league_weeks where week = ${week.week}`),
  );
  expect(settled[0]?.settled_at).not.toBeNull();

  // 12 gold members: 2 promoted (the two best), 1 demoted (ids[11], who mined nothing).
  const outcomes = rowsOf<{ user_id: string; final_rank: number; outcome: string }>(
    await t.db.execute(sql`select user_id, final_rank, outcome from league_members
      where week = ${week.week} and user_id like 'roll-%' order by final_rank`),
  );
  expect(outcomes.map((o) => o.user_id)).toEqual([...ids.slice(0, 11).reverse(), ids[11]]);
  expect(outcomes.map((o) => o.outcome)).toEqual([
    "promoted",
    "promoted",
    ...Array(9).fill("stayed"),
    "demoted",
  ]);

  // Next week: promoted to platinum, demoted to silver, the rest stay gold.
  const next = nextWeek(week);
  for (const id of [ids[10]!, ids[11]!, ids[0]!]) await placeUser(deps(t), id, next);
  const placed = rowsOf<{ user_id: string; league: string }>(
    await t.db.execute(sql`select user_id, league from league_members where week = ${next.week}
      and user_id like 'roll-%'`),
  );
  expect(Object.fromEntries(placed.map((p) => [p.user_id, p.league]))).toEqual({
    [ids[10]!]: "platinum",
    [ids[11]!]: "silver",
    [ids[0]!]: "gold",
  });
  // A third run pays nothing more.
  await runLeagueJob(deps(t));
  const again = rowsOf<{ n: number }>(
    await t.db.execute(sql`select count(*)::int as n from ledger_entries
      where kind = 'league_reward' and reference like ${`league:${week.week}:%`}`),
  );
  expect(again[0]?.n).toBe(3);
  return { ids, week };
}

describe("the week's end", () => {
  it("settles once when two runs race: rewards, ranks, notices, history", async () => {
    const { ids, week } = await rolloverChecks([test()], () =>
      Promise.all([runLeagueJob(deps(test())), runLeagueJob(deps(test()))]),
    );
    const notice = rowsOf<{ params: Record<string, unknown> }>(
      await test().db.execute(sql`select params from notifications
        where type = 'league_result' and user_id = ${ids[10]}`),
    )[0];
    expect(notice?.params).toMatchObject({ rank: 1, outcome: "promoted", next: "platinum" });
    expect((await leagueHistory(deps(test()), ids[10]!)).weeks[0]).toEqual({
      week: week.week,
      league: "gold",
      rank: 1,
      groupSize: 12,
      mined: "11.000000000",
      reward: "15.000000000",
      outcome: "promoted",
    });
  });

  it("shows a signed-in user their history and the week's result in their language", async () => {
    // On a database of its own: the race above settles every week up to 2027, this one's last
    // week among them when the fixed WEDNESDAY falls in it (the week of 2026-11-30 did).
    const own = await createTestApp();
    try {
      await historyInTheirLanguage(own);
      await expectLedgerBalanced(own);
    } finally {
      await own.close();
    }
  });

  it.runIf(onPostgres)("settles once when two server processes run the job at once", async () => {
    const pair = await createTestApps(2);
    try {
      await rolloverChecks(pair.apps, () =>
        Promise.all(pair.apps.map((app) => runLeagueJob(deps(app)))),
      );
      for (const app of pair.apps) await expectLedgerBalanced(app);
    } finally {
      await pair.close();
    }
  });

  it.runIf(onPostgres)("never makes a group of 51 across two processes", async () => {
    const pair = await createTestApps(2);
    try {
      const [a, b] = pair.apps as [TestApp, TestApp];
      a.clock.set(WEDNESDAY);
      const week = isoWeekOf(WEDNESDAY);
      const ids = await seedUsers(a, 130, "race");
      await Promise.all(ids.map((id, i) => placeUser(deps(i % 2 ? a : b), id, week)));
      const sizes = await groupSizes(a, week.week, "bronze");
      expect(sizes.map((s) => s.size)).toEqual([50, 50, 30]);
    } finally {
      await pair.close();
    }
  });
});

describe("admin settings", () => {
  const valid = {
    thresholds: { silver: "0.2", gold: "0.6", platinum: "2", diamond: "8" },
    rewards: ["10", "4", "1.5"],
    multipliers: { bronze: 1, silver: 2, gold: 3, platinum: 5, diamond: 8 },
  };

  it("reads the defaults, saves a change with its audit line, refuses bad rules", async () => {
    test().clock.set(new Date());
    const admin = await elevatedAdmin(test(), "leagueboss");
    const defaults = (await admin.client.get("/api/admin/leagues/settings")).json();
    expect(defaults.rewards).toEqual(["5", "3", "1"]);
    const saved = await admin.client.put("/api/admin/leagues/settings", valid);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(valid);
    expect((await admin.client.get("/api/admin/leagues/settings")).json()).toEqual(valid);
    const audit = rowsOf<{ action: string; before: unknown; after: unknown }>(
      await test().db.execute(sql`select action, before, after from audit_log
        where action = 'leagues.settings'`),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toEqual(valid);
    expect(audit[0]?.before).toMatchObject({ rewards: ["5", "3", "1"] });

    for (const bad of [
      { ...valid, thresholds: { ...valid.thresholds, gold: "0.1" } },
      { ...valid, rewards: ["1000001", "1", "1"] },
      { ...valid, multipliers: { ...valid.multipliers, diamond: 101 } },
      { ...valid, rewards: ["1\u0000", "1", "1"] },
    ]) {
      const refused = await admin.client.put("/api/admin/leagues/settings", bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: expect.any(String) });
    }
    const overview = (await admin.client.get("/api/admin/leagues")).json();
    expect(overview.leagues).toHaveLength(5);
    expect(overview.week).toBe(isoWeekOf(test().clock.now()).week);
    // Back to the defaults for the other tests.
    await admin.client.put("/api/admin/leagues/settings", {
      thresholds: { silver: "0.1", gold: "0.3", platinum: "1", diamond: "5" },
      rewards: ["5", "3", "1"],
      multipliers: { bronze: 1, silver: 2, gold: 3, platinum: 4, diamond: 5 },
    });
  });
});

describe("the settings cache", () => {
  it("is the app's own: served for 30 s, read again after, forgotten on a save", async () => {
    const t = test();
    const cache = leagueSettingsCache(30_000);
    const store = (rewards: string[]) =>
      writeSetting(t.db, "league_settings", { ...DEFAULT_LEAGUE_SETTINGS, rewards });
    await store(["7", "3", "1"]);
    expect((await cache.read(t.db, 1_000)).rewards).toEqual(["7", "3", "1"]);
    await store(["8", "3", "1"]);
    // Within 30 s: what this cache read; another app's cache (or a fresh read) sees the change.
    expect((await cache.read(t.db, 20_000)).rewards).toEqual(["7", "3", "1"]);
    expect((await leagueSettingsCache().read(t.db, 20_000)).rewards).toEqual(["8", "3", "1"]);
    expect((await cache.read(t.db, 20_000, true)).rewards).toEqual(["8", "3", "1"]);
    await store(["9", "3", "1"]);
    expect((await cache.read(t.db, 49_000)).rewards).toEqual(["8", "3", "1"]);
    expect((await cache.read(t.db, 50_001)).rewards).toEqual(["9", "3", "1"]);
    await store(["5", "3", "1"]);
    cache.clear();
    expect((await cache.read(t.db, 50_002)).rewards).toEqual(["5", "3", "1"]);
    await t.db.execute(sql`delete from app_settings where key = 'league_settings'`);
  });
});

/** The history test's steps, on `app`: last week's result, its notice, this week's league. */
async function historyInTheirLanguage(app: TestApp) {
  // Real time: sessions live in real time.
  const now = new Date();
  app.clock.set(now);
  const { client: c, me } = await signUp(app, uniqueUser("hist"));
  const week = isoWeekOf(now);
  // Last week: alone in a bronze group, mined 2 FRE; the job has not run yet.
  const last = previousWeek(week);
  app.clock.set(new Date(last.startsAt.getTime() + 1000));
  await placeUser(deps(app), me.id, last);
  await creditMined(app, me.id, "2", new Date(last.startsAt.getTime() + 2000));
  app.clock.set(now);
  const pending = (await c.get("/api/leagues/history")).json().weeks;
  expect(pending[0]).toMatchObject({ week: last.week, rank: null, outcome: null });
  await runLeagueJob(deps(app));
  await app.effects.settle();
  const weeks = (await c.get("/api/leagues/history")).json().weeks;
  expect(weeks[0]).toMatchObject({
    week: last.week,
    league: "bronze",
    rank: 1,
    reward: "5.000000000",
    outcome: "promoted",
  });
  const texts = JSON.stringify((await c.get("/api/notifications")).json());
  expect(texts).toContain("Résultat de la ligue");
  expect(texts).toContain("Argent");
  // This week, the promoted user reads Silver.
  expect((await c.get("/api/leagues/current")).json().league).toBe("silver");
}
