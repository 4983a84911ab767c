/**
 * Games under concurrency (issue 14 §5): no race overdraws a balance or pays twice. Real
 * concurrency on PostgreSQL (TEST_DATABASE_URL); the embedded database serializes, where the same
 * assertions must hold too.
 */
import { formatNano, kenoDraw, kenoMultiplier, parseFre } from "@fre/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import { gameSeedPairs, users } from "../src/db/schema/index.ts";
import { playKeno } from "../src/modules/games/games.service.ts";
import { spinSlot } from "../src/modules/games/games-slots.service.ts";
import { credit, debit } from "../src/modules/ledger/ledger.ts";
import { onPostgres, signUp, uniqueUser, useTestApp } from "./helpers.ts";

const FRE = 1_000_000_000n;
const test = useTestApp({ config: { GAME_PLAYS_PER_MINUTE: "10000" } });

/** Statements of this test's database now waiting for a lock another transaction holds. */
async function lockWaiters() {
  const [row] = rowsOf<{ waiting: number }>(
    await test().db.execute(sql`select count(*)::int as "waiting" from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`),
  );
  return row?.waiting ?? 0;
}

async function player(fre: bigint) {
  const signed = await signUp(test(), uniqueUser("racer"));
  if (fre > 0n) {
    await test().db.transaction((tx) =>
      credit(tx, {
        userId: signed.me.id,
        kind: "bonus",
        amountNano: fre * FRE,
        reference: `races:${signed.me.id}`,
        at: test().clock.now(),
      }),
    );
  }
  return { c: signed.client, id: signed.me.id as string };
}

describe("games races", () => {
  it("50 concurrent Keno bets on a balance for 10: exactly 10 accepted, never negative", async () => {
    const { db } = test();
    const { c, id } = await player(10n);
    expect((await c.get("/api/games/seeds")).statusCode).toBe(200);
    // The test reads the secret seed to pick a client seed whose first 10 bets all lose: then
    // exactly 10 bets fit the balance, whatever order they run in.
    const [pair] = await db
      .select({ serverSeed: gameSeedPairs.serverSeed })
      .from(gameSeedPairs)
      .where(and(eq(gameSeedPairs.userId, id), isNull(gameSeedPairs.revealedAt)));
    if (!pair) throw new Error("no seed pair");
    let clientSeed = "";
    for (let attempt = 0; clientSeed === ""; attempt++) {
      const candidate = `race-${attempt}`;
      const allLose = Array.from({ length: 10 }, (_, nonce) =>
        kenoMultiplier(
          "classic",
          [1],
          kenoDraw({ serverSeed: pair.serverSeed, clientSeed: candidate, nonce }),
        ),
      ).every((m) => m.num === 0n);
      if (allLose) clientSeed = candidate;
    }
    expect((await c.put("/api/games/seeds", { clientSeed })).statusCode).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        c.post("/api/games/keno/bets", { amount: "1", picks: [1], risk: "classic" }),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(accepted).toHaveLength(10);
    expect(refused.every((a) => a.json().error === "INSUFFICIENT_BALANCE")).toBe(true);
    for (const a of accepted) expect(parseFre(a.json().balance)).toBeGreaterThanOrEqual(0n);
    expect(accepted.map((a) => a.json().nonce).sort((x, y) => x - y)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect((await c.get("/api/wallet")).json().balance).toBe(formatNano(0n));
  });

  it("one free spin a day, whatever the number of concurrent spins", async () => {
    const { c } = await player(0n);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => c.post("/api/games/slot/spins")),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().error === "NO_FREE_SPIN"),
    ).toBe(true);
  });

  it("free spins racing bets of the same user neither deadlock nor spin twice", async () => {
    const { c, id } = await player(1000n);
    const deps = test().games;
    const outcome = (play: Promise<unknown>) =>
      play.then(
        () => "ok",
        (error: { code?: string }) => error.code ?? String(error),
      );
    // Each day: the day's free spin and its second try among bets of the same user, all at once.
    for (let day = 0; day < 8; day++) {
      const results = await Promise.all([
        outcome(spinSlot(deps, id)),
        ...Array.from({ length: 6 }, (_, i) =>
          outcome(playKeno(deps, id, { amount: "1", picks: [i + 1], risk: "low" })),
        ),
        outcome(spinSlot(deps, id)),
      ]);
      expect(results.slice(1, -1)).toEqual(Array(6).fill("ok"));
      expect([results[0], results.at(-1)].sort()).toEqual(["NO_FREE_SPIN", "ok"]);
      test().clock.advance(86_400_000);
    }
    expect((await c.get("/api/games/bets?limit=100")).json().items).toHaveLength(56);
  });

  it("one open round per game, and a round pays once however many cash-outs race", async () => {
    const { c } = await player(100n);
    const starts = await Promise.all(
      Array.from({ length: 10 }, () =>
        c.post("/api/games/towers/rounds", { amount: "10", difficulty: "easy" }),
      ),
    );
    const opened = starts.filter((a) => a.statusCode === 200);
    expect(opened).toHaveLength(1);
    expect(starts.filter((a) => a.json().error === "ROUND_IN_PROGRESS")).toHaveLength(9);
    const id = opened[0]?.json().id as string;
    const [cashOuts, rotations] = await Promise.all([
      Promise.all(
        Array.from({ length: 10 }, () => c.post(`/api/games/towers/rounds/${id}/cashout`)),
      ),
      Promise.all(Array.from({ length: 3 }, () => c.post("/api/games/seeds/rotate"))),
    ]);
    expect(cashOuts.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(cashOuts.filter((a) => a.json().error === "NO_ROUND")).toHaveLength(9);
    // A rotation either waited for the cash-out or was refused while the round was open.
    for (const r of rotations) expect([200, 409]).toContain(r.statusCode);
    expect((await c.get("/api/wallet")).json().balance).toBe(
      formatNano(90n * FRE + (99n * FRE) / 10n),
    );
  });

  it("Keno bets of many players at once are written together, each one exactly", async () => {
    const { db } = test();
    const players = await Promise.all(
      Array.from({ length: 12 }, (_, i) => player(i < 10 ? 5n : 0n)),
    );
    const deps = test().games;
    // All asked in the same turn: the writer puts them in shared statements.
    const results = await Promise.allSettled(
      players.map((p) => playKeno(deps, p.id, { amount: "1", picks: [3, 7], risk: "high" })),
    );
    const pairs = await db
      .select({
        userId: gameSeedPairs.userId,
        serverSeed: gameSeedPairs.serverSeed,
        clientSeed: gameSeedPairs.clientSeed,
        nonce: gameSeedPairs.nonce,
      })
      .from(gameSeedPairs)
      .where(isNull(gameSeedPairs.revealedAt));
    for (const [i, result] of results.entries()) {
      const p = players[i]!;
      const pair = pairs.find((row) => row.userId === p.id)!;
      if (i >= 10) {
        expect(result.status).toBe("rejected");
        if (result.status === "rejected") expect(result.reason.code).toBe("INSUFFICIENT_BALANCE");
        expect(pair.nonce).toBe(0);
        continue;
      }
      if (result.status !== "fulfilled") throw result.reason;
      const draw = kenoDraw({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: 0 });
      const m = kenoMultiplier("high", [3, 7], draw);
      const payout = (FRE * m.num) / m.den;
      expect(result.value.nonce).toBe(0);
      expect((result.value.outcome as { draw: number[] }).draw).toEqual(draw);
      expect(result.value.payout).toBe(formatNano(payout));
      expect(result.value.balance).toBe(formatNano(4n * FRE + payout));
      expect((await p.c.get("/api/wallet")).json().balance).toBe(result.value.balance);
      expect(pair.nonce).toBe(1);
    }
  });

  it("a pair changed elsewhere (another server, a rotation) is read again before the bet counts", async () => {
    const { db } = test();
    const { c, id } = await player(100n);
    const bet = () => c.post("/api/games/keno/bets", { amount: "1", picks: [5], risk: "low" });
    expect((await bet()).json().nonce).toBe(0);
    // Another instance took three nonces and changed the client seed: this one knows neither.
    await db
      .update(gameSeedPairs)
      .set({ nonce: 4, clientSeed: "elsewhere" })
      .where(and(eq(gameSeedPairs.userId, id), isNull(gameSeedPairs.revealedAt)));
    const moved = (await bet()).json();
    const [pair] = await db
      .select()
      .from(gameSeedPairs)
      .where(and(eq(gameSeedPairs.userId, id), isNull(gameSeedPairs.revealedAt)));
    expect(moved.nonce).toBe(4);
    expect(moved.outcome.draw).toEqual(
      kenoDraw({ serverSeed: pair!.serverSeed, clientSeed: "elsewhere", nonce: 4 }),
    );
    expect(pair!.nonce).toBe(5);
    // Another instance rotated the pair: the next bet plays nonce 0 of the new one.
    await db
      .update(gameSeedPairs)
      .set({ revealedAt: test().clock.now() })
      .where(eq(gameSeedPairs.id, pair!.id));
    expect((await c.get("/api/games/seeds")).statusCode).toBe(200);
    const rotated = (await bet()).json();
    expect(rotated.nonce).toBe(0);
    const bets = (await c.get("/api/games/bets?limit=10")).json().items;
    expect(bets.map((b: { nonce: number }) => b.nonce)).toEqual([0, 4, 0]);
  });

  // Needs real concurrency: a balance that moves while a shared statement waits for its row. The
  // embedded database runs one statement at a time, so there no statement can wait for a lock.
  it.skipIf(!onPostgres)(
    "a bet that stops fitting while its shared statement waits fails alone (PostgreSQL only: the embedded database cannot hold a statement waiting)",
    async () => {
      const { db } = test();
      const [a, b] = [await player(5n), await player(5n)];
      const deps = test().games;
      const keno = (id: string) => playKeno(deps, id, { amount: "1", picks: [2], risk: "low" });
      await keno(a.id);
      await keno(b.id);
      let release = () => {};
      let locked = () => {};
      const isLocked = new Promise<void>((done) => {
        locked = done;
      });
      // Another request empties A's balance and holds its row until released.
      const emptying = db.transaction(async (tx) => {
        const [row] = await tx
          .select({ balance: users.balance })
          .from(users)
          .where(eq(users.id, a.id))
          .for("update");
        await debit(tx, {
          userId: a.id,
          kind: "bonus",
          amountNano: row!.balance,
          reference: `empty:${a.id}`,
          at: test().clock.now(),
        });
        locked();
        await new Promise<void>((done) => {
          release = done;
        });
      });
      await isLocked;
      // Both bets fit when their statement starts; A's no longer does when it gets A's row.
      const plays = Promise.allSettled([keno(a.id), keno(b.id)]);
      // The overlap is proven, not hoped for: the bets' statement is seen waiting for a lock
      // (A's row, held above) before the emptying transaction commits.
      await expect.poll(() => lockWaiters(), { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      release();
      await emptying;
      const [forA, forB] = await plays;
      expect(forA.status === "rejected" && forA.reason.code).toBe("INSUFFICIENT_BALANCE");
      expect(forB.status).toBe("fulfilled");
      expect((await a.c.get("/api/wallet")).json().balance).toBe(formatNano(0n));
      const nonces = await db
        .select({ userId: gameSeedPairs.userId, nonce: gameSeedPairs.nonce })
        .from(gameSeedPairs)
        .where(isNull(gameSeedPairs.revealedAt));
      expect(nonces.find((n) => n.userId === a.id)?.nonce).toBe(1);
      expect(nonces.find((n) => n.userId === b.id)?.nonce).toBe(2);
    },
  );
});
