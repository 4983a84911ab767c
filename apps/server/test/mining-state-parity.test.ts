import { desc, eq, getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { boosts, miningSessions } from "../src/db/schema/index.ts";
import { MINING_STATE_SQL, readMiningState } from "../src/modules/mining/mining.repo.ts";
import { reduceSessionTime } from "../src/modules/mining/mining.service.ts";
import { type Client, useTestApp, verifiedUser } from "./helpers.ts";

// GET /api/mining reads the newest session through hand-written SQL (decisions 0008 and 0010),
// not through the schema: these tests hold that SQL to what Drizzle reads from the same table, so
// a column added to mining_sessions cannot be forgotten there.

const test = useTestApp();

const HOUR = 3_600_000;

/** The newest session of the user as the schema reads it: every column, through Drizzle. */
async function newestSession(userId: string) {
  const { db } = test();
  const [row] = await db
    .select()
    .from(miningSessions)
    .where(eq(miningSessions.userId, userId))
    .orderBy(desc(miningSessions.startTime))
    .limit(1);
  return row ?? null;
}

/** A mining action that must succeed. */
async function act(user: { client: Client }, url: string) {
  expect((await user.client.post(url)).statusCode, url).toBe(200);
}

const columnNames = () => Object.values(getTableColumns(miningSessions)).map((c) => c.name);

describe("the hand-written mining state SQL", () => {
  it("selects every column of mining_sessions", () => {
    const selected = [...MINING_STATE_SQL.matchAll(/\bn\.([a-z_]+)/g)].map((m) => m[1]);
    expect(selected.length).toBeGreaterThan(0);
    expect([...new Set(selected)].sort()).toEqual(columnNames().sort());
  });

  it("returns the newest session exactly as Drizzle reads it, in every state", async () => {
    const { db } = test();
    const none = await verifiedUser(test(), "pnone");
    const ended = await verifiedUser(test(), "pended");
    const claimed = await verifiedUser(test(), "pclaim");
    const stopped = await verifiedUser(test(), "pstop");
    const boosted = await verifiedUser(test(), "pboost");
    const reduced = await verifiedUser(test(), "preduce");
    const again = await verifiedUser(test(), "pagain");
    for (const user of [ended, claimed, stopped, reduced, again]) {
      await act(user, "/api/mining/start");
    }
    const now = test().clock.now();
    await db.insert(boosts).values({
      userId: boosted.me.id,
      valueNano: 1_000_000_000n,
      source: "test",
      appliedAt: now,
      expiresAt: new Date(now.getTime() + 48 * HOUR),
    });
    await act(boosted, "/api/mining/start");

    test().clock.advance(HOUR);
    await act(stopped, "/api/mining/stop");
    await db.transaction((tx) => reduceSessionTime(tx, test().clock, reduced.me.id, 2 * HOUR));
    test().clock.advance(24 * HOUR);
    await act(claimed, "/api/mining/claim");
    await act(again, "/api/mining/claim");
    await act(again, "/api/mining/start");
    const active = await verifiedUser(test(), "pactive");
    await act(active, "/api/mining/start");

    const users = Object.entries({
      none,
      ended,
      claimed,
      stopped,
      boosted,
      reduced,
      again,
      active,
    });
    const at = test().clock.now();
    // Read together: one statement of the batch loader for all of them.
    const states = await Promise.all(users.map(([, user]) => readMiningState(db, user.me.id, at)));
    for (const [i, [label, user]] of users.entries()) {
      const expected = await newestSession(user.me.id);
      const session = states[i]?.session;
      expect(session, label).toStrictEqual(expected);
      if (session) {
        expect(Object.keys(session).sort(), label).toEqual(Object.keys(expected!).sort());
      }
    }

    // The states are the ones named above, so every kind of row was compared.
    const sessions = states.map((state) => state!.session);
    expect(sessions.map((s) => s?.status ?? null)).toEqual([
      null,
      "active",
      "claimed",
      "stopped",
      "active",
      "active",
      "active",
      "active",
    ]);
    const [, endedSession, claimedSession, , boostedSession, reducedSession] = sessions;
    expect(endedSession!.endTime.getTime()).toBeLessThan(at.getTime());
    expect(claimedSession!.claimedAt).not.toBeNull();
    expect(claimedSession!.creditedNano).not.toBeNull();
    expect(boostedSession!.rateNano).toBeGreaterThan(boostedSession!.baseRateNano);
    expect(reducedSession!.timeReductionMs).toBe(2 * HOUR);
  });
});
