import { formatNano } from "@fre/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import {
  leaderboardService,
  RANK_SNAPSHOT_MS,
  TOP_CACHE_MS,
} from "../src/modules/leaderboard/leaderboard.service.ts";
import { signUp, uniqueUser, useTestApp } from "./helpers.ts";

type Board = {
  top: { rank: number; nickname: string; totalMined: string }[];
  me: { rank: number; totalMined: string };
};

const test = useTestApp();

/** The board as the database orders it: the ground truth every answer is checked against. */
async function truth() {
  return rowsOf<{ id: string; nickname: string; total: string; rank: number }>(
    await test().db.execute(sql`
      select id, nickname, total_mined::text as total,
             (row_number() over (order by total_mined desc, created_at, id))::int as rank
      from users order by rank`),
  );
}

/** Users written straight into the table, with chosen totals and creation times (ties). */
async function seed(prefix: string, rows: { total: bigint; createdAt: string }[]) {
  for (const [i, row] of rows.entries()) {
    const id = `${prefix}-${String(i).padStart(3, "0")}`;
    await test().db.execute(sql`
      insert into users (id, name, email, email_verified, nickname, referral_code, total_mined,
                         balance, created_at)
      values (${id}, ${id}, ${`${id}@seed.local`}, true, ${id},
              ${`Q${prefix.toUpperCase()}${String(i).padStart(3, "0")}`.slice(0, 8)},
              ${row.total.toString()}::bigint, 0, ${row.createdAt}::timestamptz)`);
  }
}

const setTotal = (id: string, total: bigint) =>
  test().db.execute(
    sql`update users set total_mined = ${total.toString()}::bigint where id = ${id}`,
  );

describe("leaderboard", () => {
  it("ranks everyone exactly as the database orders them, exact ties included", async () => {
    // Totals from a small set and three creation instants: runs of identical (total, time)
    // that only the id can order.
    const instants = ["2026-01-01T00:00:00.000001Z", "2026-01-01T00:00:00.000002Z"];
    await seed(
      "tie",
      Array.from({ length: 40 }, (_, i) => ({
        total: BigInt([5000, 3000, 3000, 1000][i % 4]!),
        createdAt: instants[i % 2]!,
      })),
    );
    const players = [];
    for (let i = 0; i < 3; i++) players.push(await signUp(test(), uniqueUser("rk")));
    await setTotal(players[0]!.me.id, 3000n);
    await test().db.execute(
      sql`update users set created_at = ${instants[0]}::timestamptz where id = ${players[0]!.me.id}`,
    );
    await setTotal(players[1]!.me.id, 999_999n);

    const expected = await truth();
    for (const player of players) {
      const board: Board = (await player.client.get("/api/leaderboard")).json();
      const mine = expected.find((r) => r.id === player.me.id)!;
      expect(board.me).toEqual({ rank: mine.rank, totalMined: formatNano(BigInt(mine.total)) });
      expect(board.top).toEqual(
        expected.slice(0, 10).map((r) => ({
          rank: r.rank,
          nickname: r.nickname,
          totalMined: formatNano(BigInt(r.total)),
        })),
      );
    }
  });

  it("shows my own new total and rank at once, others' changes within a minute", async () => {
    const [a, b] = [await signUp(test(), uniqueUser("fa")), await signUp(test(), uniqueUser("fb"))];
    const before: Board = (await a.client.get("/api/leaderboard")).json();
    expect(before.me.rank).toBeGreaterThan(10);

    // My total rises (a claim): my answer follows at once, into the top 10.
    await setTotal(a.me.id, 6000n);
    const mine: Board = (await a.client.get("/api/leaderboard")).json();
    const truthNow = await truth();
    expect(mine.me.rank).toBe(truthNow.find((r) => r.id === a.me.id)!.rank);
    expect(mine.top.some((t) => t.nickname === a.me.nickname)).toBe(true);
    expect(mine.top.map((t) => t.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    // B, outside the top, sees A in the top once the 5 s cache has passed.
    test().clock.advance(TOP_CACHE_MS);
    const seenByB: Board = (await b.client.get("/api/leaderboard")).json();
    expect(seenByB.top.some((t) => t.nickname === a.me.nickname)).toBe(true);

    // Someone far below B overtakes B's total outside the top: B's rank moves once the rank
    // snapshot is refreshed (at most a minute later), and never to an impossible rank meanwhile.
    const rankOfB = (await truth()).find((r) => r.id === b.me.id)!.rank;
    const c = await signUp(test(), uniqueUser("fc"));
    await setTotal(c.me.id, 1n);
    test().clock.advance(RANK_SNAPSHOT_MS);
    await b.client.get("/api/leaderboard"); // triggers the refresh in the background
    await vi.waitFor(async () => {
      const board: Board = (await b.client.get("/api/leaderboard")).json();
      expect(board.me.rank).toBe(rankOfB + 1);
    });
    expect((await truth()).find((r) => r.id === b.me.id)!.rank).toBe(rankOfB + 1);
  });

  it("reads the board in batches and keeps exact ties right across batch edges", async () => {
    // Batches of 7 cut through runs of exact ties: every user's rank must still be exact.
    const service = leaderboardService({
      database: test().database,
      clock: test().clock,
      snapshotBatch: 7,
    });
    const expected = await truth();
    for (const row of expected) {
      const board = await service.get(row.id);
      expect(board.me.rank, row.nickname).toBe(row.rank);
    }
  });

  it("answers readers who ask at the same moment each with their own line, fresh", async () => {
    // Their own lines are read together (one statement per event-loop turn): each must still get
    // exactly their own total and rank, including a change made just before.
    const service = leaderboardService({ database: test().database, clock: test().clock });
    await service.refresh();
    const [first] = await truth();
    await setTotal(first!.id, BigInt(first!.total) + 1n);
    const expected = await truth();
    const boards = await Promise.all(expected.map((row) => service.get(row.id)));
    expect(boards.map((board) => board.me)).toEqual(
      expected.map((row) => ({ rank: row.rank, totalMined: formatNano(BigInt(row.total)) })),
    );
  });

  it("reads the top of the board from its index, without sorting every user", async () => {
    const plan = await test().db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return JSON.stringify(
        rowsOf(
          await tx.execute(sql`explain (format json)
            select id from users order by total_mined desc, created_at, id limit 11`),
        ),
      );
    });
    expect(plan).toContain("users_leaderboard_idx");
    expect(plan).not.toMatch(/"Node Type":\s*"Sort"/);
  });

  it("puts a user who is not signed in out", async () => {
    expect((await test().app.inject({ url: "/api/leaderboard" })).statusCode).toBe(401);
  });
});
