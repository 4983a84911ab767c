import { BASE_RATE_NANO, formatNano, REFERRAL_BONUS_NANO, SESSION_DURATION_MS } from "@fre/shared";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { driverQuery } from "../src/db/client.ts";
import { boosts, ledgerEntries, users } from "../src/db/schema/index.ts";
import { findLedgerMismatches } from "../src/modules/ledger/ledger.verify.ts";
import { MINING_STATE_SQL, readMiningState } from "../src/modules/mining/mining.repo.ts";
import {
  reduceSessionTime,
  settleMining,
  startMining,
} from "../src/modules/mining/mining.service.ts";
import { metricLines, signUp, useTestApp, verifiedUser } from "./helpers.ts";

const test = useTestApp();

const HOUR = 3_600_000;

/** Every answer of a race as `200` or `status ERROR_CODE`, sorted: losers are checked too. */
const outcomes = (answers: { statusCode: number; json(): { error?: string } }[]) =>
  answers.map((a) => (a.statusCode === 200 ? "200" : `${a.statusCode} ${a.json().error}`)).sort();

describe("mining sessions", () => {
  it("needs a verified e-mail", async () => {
    const { client: c } = await signUp(test());
    const r = await c.post("/api/mining/start");
    expect(r.statusCode).toBe(403);
    expect(r.json().error).toBe("EMAIL_NOT_VERIFIED");
  });

  it("runs 24 h, earns at the base rate, then is claimed once", async () => {
    const { client: c } = await verifiedUser(test(), "miner");
    const started = await c.post("/api/mining/start");
    expect(started.statusCode).toBe(200);
    const state = started.json();
    expect(state.session).toMatchObject({ active: true, ended: false, claimed: false });
    expect(state.session.remainingMs).toBe(SESSION_DURATION_MS);
    expect(state.rate.total).toBe("0.001041667");

    const refused = await c.post("/api/mining/start");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: "MINING_SESSION_ACTIVE",
      message: "Une session de minage est déjà active",
    });

    test().clock.advance(HOUR);
    expect((await c.get("/api/mining")).json().session.earnings).toBe("0.001041667");

    test().clock.advance(SESSION_DURATION_MS);
    const ended = (await c.get("/api/mining")).json();
    expect(ended.session).toMatchObject({
      active: false,
      ended: true,
      claimed: false,
      remainingMs: 0,
    });
    expect(ended.session.earnings).toBe(formatNano(BASE_RATE_NANO * 24n));

    const claimed = await c.post("/api/mining/claim");
    expect(claimed.json().credited).toBe("0.025000008");
    expect(claimed.json().session.claimed).toBe(true);
    const again = await c.post("/api/mining/claim");
    expect(again.statusCode).toBe(409);
    const me = (await c.get("/api/me")).json();
    expect(me.balance).toBe("0.025000008");
    expect(me.totalMined).toBe("0.025000008");
  });

  it("stop credits the earnings so far and frees the user to start again", async () => {
    const { client: c } = await verifiedUser(test(), "miner");
    await c.post("/api/mining/start");
    test().clock.advance(2 * HOUR);
    const stopped = (await c.post("/api/mining/stop")).json();
    expect(stopped.credited).toBe("0.002083334");
    expect((await c.post("/api/mining/claim")).statusCode).toBe(409);
    expect((await c.post("/api/mining/start")).statusCode).toBe(200);
  });

  it("counts an active referral at once and stops counting when its session ends", async () => {
    const referrer = await verifiedUser(test(), "miner");
    await referrer.client.post("/api/mining/start");
    const referee = await verifiedUser(test(), "miner", { referralCode: referrer.me.referralCode });
    await referee.client.post("/api/mining/start");
    const withReferral = (await referrer.client.get("/api/mining")).json();
    expect(withReferral.rate.activeReferrals).toBe(1);
    expect(withReferral.rate.total).toBe(formatNano(BASE_RATE_NANO + REFERRAL_BONUS_NANO));
    expect(withReferral.session.accrual.rate).toBe(withReferral.rate.total);

    // The referee stops after 1 h: the referrer earned base + bonus for that hour only.
    test().clock.advance(HOUR);
    await referee.client.post("/api/mining/stop");
    test().clock.advance(HOUR);
    const later = (await referrer.client.get("/api/mining")).json();
    expect(later.rate.activeReferrals).toBe(0);
    expect(later.session.earnings).toBe(formatNano(2n * BASE_RATE_NANO + REFERRAL_BONUS_NANO));
  });

  it("stops a boost exactly at its expiry", async () => {
    const { db } = test();
    const { client: c, me } = await verifiedUser(test(), "miner");
    const now = test().clock.now();
    await db.insert(boosts).values({
      userId: me.id,
      valueNano: 1_000_000_000n,
      source: "test",
      appliedAt: now,
      expiresAt: new Date(now.getTime() + HOUR),
    });
    await c.post("/api/mining/start");
    test().clock.advance(3 * HOUR);
    const state = (await c.get("/api/mining")).json();
    expect(state.rate.boosts).toBe("0.000000000");
    expect(state.session.earnings).toBe(formatNano(3n * BASE_RATE_NANO + 1_000_000_000n));
  });

  it("time reduction ends the session sooner and pays the removed time now", async () => {
    const { client: c, me } = await verifiedUser(test(), "miner");
    await c.post("/api/mining/start");
    test().clock.advance(HOUR);
    await test().db.transaction((tx) => reduceSessionTime(tx, test().clock, me.id, 5 * HOUR));
    const state = (await c.get("/api/mining")).json();
    expect(state.session.remainingMs).toBe(SESSION_DURATION_MS - 6 * HOUR);
    expect(state.session.earnings).toBe(formatNano(6n * BASE_RATE_NANO));
    test().clock.advance(SESSION_DURATION_MS);
    const claimed = (await c.post("/api/mining/claim")).json();
    expect(claimed.credited).toBe(formatNano(24n * BASE_RATE_NANO));
  });

  it("keeps the ledger equal to the balance, and ledger verify sees a drift", async () => {
    expect(await findLedgerMismatches(test().db)).toEqual([]);
    const { me } = await signUp(test());
    await test().db.update(users).set({ balance: 5n }).where(eq(users.id, me.id));
    expect(await findLedgerMismatches(test().db)).toEqual([
      { userId: me.id, balance: "5", ledgerSum: "0" },
    ]);
    await test().db.update(users).set({ balance: 0n }).where(eq(users.id, me.id));
  });

  it("refuses a negative balance at the database", async () => {
    const { me } = await signUp(test());
    await expect(
      test().db.update(users).set({ balance: -1n }).where(eq(users.id, me.id)),
    ).rejects.toThrow();
  });
});

describe("mining under concurrency", () => {
  it("answers dashboards read at the same moment each with their own state and instant", async () => {
    const { db } = test();
    // Reads of one event-loop turn share a statement: each must still get its own user's
    // session and the rate facts at its own instant.
    const idle = await verifiedUser(test(), "miner");
    const mining = await verifiedUser(test(), "miner");
    await mining.client.post("/api/mining/start");
    const now = test().clock.now();
    await db.insert(boosts).values({
      userId: mining.me.id,
      valueNano: 1_000_000_000n,
      source: "test",
      appliedAt: now,
      expiresAt: new Date(now.getTime() + HOUR),
    });
    const later = new Date(now.getTime() + 2 * HOUR);
    const [idleState, atNow, atLater, unknown] = await Promise.all([
      readMiningState(db, idle.me.id, now),
      readMiningState(db, mining.me.id, now),
      readMiningState(db, mining.me.id, later),
      readMiningState(db, "no-such-user", now),
    ]);
    expect(idleState).toMatchObject({ session: null, boostsNano: "0" });
    expect(atNow).toMatchObject({ session: { userId: mining.me.id }, boostsNano: "1000000000" });
    expect(atLater).toMatchObject({ session: { userId: mining.me.id }, boostsNano: "0" });
    expect(unknown).toBeNull();
    const dashboards = await Promise.all([
      idle.client.get("/api/mining"),
      mining.client.get("/api/mining"),
    ]);
    expect(dashboards.map((d) => d.statusCode)).toEqual([200, 200]);
    expect(dashboards.map((d) => d.json().session?.active ?? null)).toEqual([null, true]);
  });

  it("reads the dashboard by index, never sorting a user's whole session history", async () => {
    // A user mines every day for years: the newest session must come from the
    // (user_id, start_time) index, not from reading and sorting all of them.
    const { me } = await verifiedUser(test(), "miner");
    const now = test().clock.now().toISOString();
    const plan = await test().db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await driverQuery<Record<string, unknown>>(
        tx,
        `explain (format json) ${MINING_STATE_SQL}`,
        [[`${now} ${me.id}`], [me.id], [now]],
      );
      return JSON.stringify(rows);
    });
    expect(plan).toContain("mining_sessions_user_start_idx");
    expect(plan).not.toMatch(/"Node Type":\s*"Sort"/);
  });

  it("20 concurrent starts make exactly one session", async () => {
    const { client: c } = await verifiedUser(test(), "miner");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => c.post("/api/mining/start")),
    );
    expect(outcomes(answers)).toEqual(["200", ...Array(19).fill("409 MINING_SESSION_ACTIVE")]);
  });

  it("many users' starts and claims of one turn (one shared transaction): each their own, once", async () => {
    const { db } = test();
    const deps = test().mining;
    const miners = await Promise.all(
      Array.from({ length: 10 }, (_, i) => verifiedUser(test(), `grouped${i}`)),
    );
    const ids = miners.map((m) => m.me.id);
    const groupedWorks = async () => {
      const [line] = await metricLines(
        test(),
        'fre_transaction_group_size_sum{outcome="committed"}',
      );
      return Number(line?.split(" ")[1] ?? 0);
    };
    const groupedBefore = await groupedWorks();
    // Asked for in one tick: the starts share a transaction (decision 0047).
    const started = await Promise.all(ids.map((id) => startMining(deps, id)));
    expect(started.map((s) => s.session?.active)).toEqual(Array(10).fill(true));
    test().clock.advance(HOUR);
    // The claims, and a second claim of the first miner in the same tick: it waits for the
    // next group and finds the session claimed.
    const claims = await Promise.allSettled([
      ...ids.map((id) => settleMining(deps, id, "claim")),
      settleMining(deps, ids[0]!, "claim"),
    ]);
    expect(claims.map((c) => c.status)).toEqual([...Array(10).fill("fulfilled"), "rejected"]);
    expect((claims[10] as PromiseRejectedResult).reason).toMatchObject({
      code: "NO_MINING_SESSION",
    });
    const credited = claims
      .slice(0, 10)
      .map((c) => (c as PromiseFulfilledResult<{ credited: string }>).value.credited);
    expect(credited).toEqual(Array(10).fill(formatNano(BASE_RATE_NANO)));
    // The ten starts and the ten claims each went through committed groups.
    expect((await groupedWorks()) - groupedBefore).toBe(20);
    for (const { me, client } of miners) {
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, me.id));
      expect(entries.map((e) => e.amountNano)).toEqual([BASE_RATE_NANO]);
      expect((await client.get("/api/me")).json().balance).toBe(formatNano(BASE_RATE_NANO));
    }
  });

  it("30 concurrent claims credit once", async () => {
    const { db } = test();
    const { client: c, me } = await verifiedUser(test(), "miner");
    await c.post("/api/mining/start");
    test().clock.advance(SESSION_DURATION_MS);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => c.post("/api/mining/claim")),
    );
    expect(outcomes(answers)).toEqual(["200", ...Array(29).fill("409 NO_MINING_SESSION")]);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, me.id));
    expect(entries).toHaveLength(1);
    expect((await c.get("/api/me")).json().balance).toBe(formatNano(24n * BASE_RATE_NANO));
  });
});
