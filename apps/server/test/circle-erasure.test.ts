import { earningsFor, formatNano } from "@fre/shared";
import { eq, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import { circleMembers, users } from "../src/db/schema/index.ts";
import { HOUR, ownerWithReferees as ownerWithRefereesOf, rateCounting } from "./circle-helpers.ts";
import {
  activeSession,
  type Client,
  expectLedgerBalanced,
  nameInCircle,
  onPostgres,
  PUBLIC_URL,
  startMining,
  useTestApp,
  type VerifiedUser,
  verifiedUser,
} from "./helpers.ts";

/**
 * An erased account leaves every security circle, both directions, in the erasure's transaction
 * (issue 32 point 4, decisions 0028 and 0043): its owners' running sessions change rate at that
 * very instant when the circle's rule no longer holds, and keep it when it still does.
 */

const test = useTestApp();

const rate = rateCounting;

const cookieOf = (c: Client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join("; ");
const erase = (user: VerifiedUser) =>
  test().app.inject({
    method: "DELETE",
    url: "/api/me",
    headers: { origin: PUBLIC_URL, cookie: cookieOf(user.client) },
    payload: { password: user.user.password },
  });

/**
 * Runs `race` while the circles table is locked, and lets it go once two of its statements wait
 * on locks: its transactions then meet at the same step (PostgreSQL only: several connections).
 */
async function behindCirclesLock<T>(race: () => Promise<T>): Promise<T> {
  let raced: Promise<T> | undefined;
  await test().db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${circleMembers} in access exclusive mode`);
    raced = race();
    for (let tries = 0; tries < 250; tries++) {
      const [waiting] = rowsOf<{ n: number }>(
        await test().db.execute(sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`),
      );
      if (waiting!.n >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return raced!;
}

/** An owner with 6 mining referees (see circle-helpers.ts). */
const ownerWithReferees = (prefix: string) => ownerWithRefereesOf(test(), prefix, "ceref");

describe("erasure and the security circle", () => {
  it("removes the account from every circle and re-rates the owners at that instant", async () => {
    const t0 = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    test().clock.set(t0);
    const owner = await ownerWithReferees("ceowner");
    // A second owner with one member to spare: the rule still holds without the erased one.
    const spare = await ownerWithReferees("cespare");
    const [m1, m2, m3, erased] = [
      await verifiedUser(test(), "cem"),
      await verifiedUser(test(), "cem"),
      await verifiedUser(test(), "cem"),
      await verifiedUser(test(), "ceerased"),
    ] as [VerifiedUser, VerifiedUser, VerifiedUser, VerifiedUser];
    for (const member of [m1, m2, m3, erased]) await startMining(member);
    for (const member of [m1, m2, erased]) await nameInCircle(owner, member);
    for (const member of [m1, m2, m3, erased]) await nameInCircle(spare, member);
    // The erased account named the owner too: its own circle goes with it.
    await nameInCircle(erased, owner);
    await startMining(owner);
    await startMining(spare);
    for (const mining of [owner, spare]) {
      const view = (await mining.client.get("/api/mining")).json();
      expect(view.rate).toMatchObject({ countedReferrals: 6, total: formatNano(rate(6n)) });
    }

    const erasedAt = new Date(t0.getTime() + HOUR);
    test().clock.set(erasedAt);
    const erasure = await erase(erased);
    expect(erasure.statusCode, erasure.body).toBe(204);

    const circle = (await owner.client.get("/api/circle")).json();
    const memberIds = circle.members.map((m: { userId: string }) => m.userId).sort();
    expect(memberIds).toEqual([m1.me.id, m2.me.id].sort());
    expect(circle).toMatchObject({ activeCount: 2, complete: false, referralCap: 5 });
    expect(JSON.stringify(circle)).not.toContain("erased-");
    const spareCircle = (await spare.client.get("/api/circle")).json();
    expect(spareCircle).toMatchObject({ activeCount: 3, complete: true, referralCap: 20 });
    const rows = await test()
      .db.select({ userId: circleMembers.userId })
      .from(circleMembers)
      .where(or(eq(circleMembers.userId, erased.me.id), eq(circleMembers.memberId, erased.me.id)));
    expect(rows).toEqual([]);

    // Read from the table, not through GET /api/mining (whose refresh would re-rate it lazily):
    // the erasure itself closed the owner's segment at its instant and opened one at 5 referrals.
    expect(await activeSession(test(), owner.me.id)).toEqual({
      accruedNano: earningsFor(rate(6n), HOUR),
      segmentStart: erasedAt,
      rateNano: rate(5n),
    });
    // The spare owner's circle still holds: its segment is untouched.
    expect(await activeSession(test(), spare.me.id)).toEqual({
      accruedNano: 0n,
      segmentStart: t0,
      rateNano: rate(6n),
    });

    test().clock.set(new Date(t0.getTime() + 3 * HOUR));
    const stopped = await owner.client.post("/api/mining/stop");
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().credited).toBe(
      formatNano(earningsFor(rate(6n), HOUR) + earningsFor(rate(5n), 2 * HOUR)),
    );
    const spareStopped = await spare.client.post("/api/mining/stop");
    expect(spareStopped.json().credited).toBe(formatNano(earningsFor(rate(6n), 3 * HOUR)));
    await expectLedgerBalanced(test());
  });

  it.skipIf(!onPostgres)(
    "naming an account whose erasure is committing answers 404 (PostgreSQL only: two connections)",
    async () => {
      const owner = await verifiedUser(test(), "cerace");
      const target = await verifiedUser(test(), "cetarget");
      let naming: ReturnType<Client["post"]> | undefined;
      // An erasure under way: the account's row locked first, then marked erased, then the commit.
      await test().db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${users} where id = ${target.me.id} for update`);
        await tx
          .update(users)
          .set({ erasedAt: test().clock.now() })
          .where(eq(users.id, target.me.id));
        naming = owner.client.post("/api/circle", { userRef: target.user.nickname });
        // The naming has read the account as it was and now waits on its row.
        for (let tries = 0; tries < 250; tries++) {
          const [waiting] = rowsOf<{ n: number }>(
            await test().db.execute(sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`),
          );
          if (waiting!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      const answer = await naming!;
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().error).toBe("CIRCLE_USER_NOT_FOUND");
      expect((await owner.client.get("/api/circle")).json().members).toEqual([]);
    },
  );

  it.skipIf(!onPostgres)(
    "two accounts that named each other, erased at once, are both erased (PostgreSQL only: two connections)",
    async () => {
      const [a, b] = [await verifiedUser(test(), "cedual"), await verifiedUser(test(), "cedual")];
      await nameInCircle(a, b);
      await nameInCircle(b, a);
      // Both erasures hold their own row when they reach the circles: each then wants the other's.
      const answers = await behindCirclesLock(() => Promise.all([erase(a), erase(b)]));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses).toEqual([204, 204]);
      const left = await test()
        .db.select({ userId: circleMembers.userId })
        .from(circleMembers)
        .where(
          or(
            eq(circleMembers.userId, a.me.id),
            eq(circleMembers.memberId, a.me.id),
            eq(circleMembers.userId, b.me.id),
            eq(circleMembers.memberId, b.me.id),
          ),
        );
      expect(left).toEqual([]);
    },
  );
});

describe("naming races", () => {
  it.skipIf(!onPostgres)(
    "two users naming each other at the same instant are both named (PostgreSQL only: two connections)",
    async () => {
      for (let round = 0; round < 3; round++) {
        const [a, b] = [
          await verifiedUser(test(), "cemutual"),
          await verifiedUser(test(), "cemutual"),
        ];
        // Each holds its own row when it names the other: each then waits on the other's.
        const answers = await behindCirclesLock(() =>
          Promise.all([
            a.client.post("/api/circle", { userRef: b.user.nickname }),
            b.client.post("/api/circle", { userRef: a.user.nickname }),
          ]),
        );
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        expect((await a.client.get("/api/circle")).json().members).toHaveLength(1);
        expect((await b.client.get("/api/circle")).json().members).toHaveLength(1);
      }
      await expectLedgerBalanced(test());
    },
  );
});
