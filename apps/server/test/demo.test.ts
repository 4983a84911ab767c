import { formatNano } from "@fre/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import { DEMO_BONUS_CODE, seedDemoContent } from "../src/modules/demo/demo.seed.ts";
import { findLedgerMismatches } from "../src/modules/ledger/ledger.verify.ts";
import { useTestApp, verifiedUser } from "./helpers.ts";

const test = useTestApp();

const count = async (table: string) =>
  rowsOf<{ n: number }>(
    await test().db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
  )[0]!.n;

describe("demo content", () => {
  it("seeds once: miners whose totals are their ledgers, a welcome message and code", async () => {
    expect(await seedDemoContent(test().db, test().clock)).toBe(true);
    const users = await count("users");
    const sessions = await count("mining_sessions");
    const entries = await count("ledger_entries");
    expect(users).toBe(12);

    // A second boot (or a second instance) adds nothing.
    expect(await seedDemoContent(test().db, test().clock)).toBe(false);
    expect([
      await count("users"),
      await count("mining_sessions"),
      await count("ledger_entries"),
    ]).toEqual([users, sessions, entries]);

    // Every total is backed by claimed sessions and ledger rows: ledger:verify finds nothing.
    expect(await findLedgerMismatches(test().db)).toEqual([]);
    const credited = rowsOf<{ total: string; credited: string }>(
      await test().db.execute(sql`
        select u.total_mined::text as total,
               (select coalesce(sum(credited_nano), 0) from mining_sessions s
                where s.user_id = u.id and s.status = 'claimed')::text as credited
        from users u where u.id = 'demo-1'`),
    )[0]!;
    expect(credited.total).toBe(credited.credited);
    expect(BigInt(credited.total)).toBeGreaterThan(0n);
  });

  it("shows the miners on the leaderboard and the message to a new user, who redeems the code", async () => {
    const { client: c } = await verifiedUser(test(), "newcomer");
    const board = (await c.get("/api/leaderboard")).json();
    expect(board.top).toHaveLength(10);
    expect(board.top[0].nickname).toBe("Camille_M");
    expect(board.me.rank).toBe(13);

    const info = (await c.get("/api/messages/information")).json();
    expect(JSON.stringify(info)).toContain("Bienvenue sur FRE");

    // « Gagner » has tasks to do, and the week's board squads to join.
    const hub = (await c.get("/api/tasks")).json();
    expect(
      hub.items.map((task: { kind: string; status: string }) => [task.kind, task.status]),
    ).toEqual(
      expect.arrayContaining([
        ["visit_link", "todo"],
        ["daily_streak", "todo"],
        ["wallet_linked", "todo"],
      ]),
    );
    const squads = (await c.get("/api/squads/leaderboard")).json();
    expect(squads.squads.map((squad: { name: string }) => squad.name).sort()).toEqual([
      "Les_Mineurs",
      "Paris_Miners",
      "TON.Club",
    ]);
    const joined = await c.post(`/api/squads/${squads.squads[0].id}/join`);
    expect(joined.statusCode, joined.body).toBe(200);

    const redeemed = await c.post("/api/bonus-codes/redeem", { code: DEMO_BONUS_CODE });
    expect(redeemed.statusCode).toBe(200);
    const me = (await c.get("/api/me")).json();
    expect(me.balance).toBe(formatNano(1_000_000_000n));
  });
});
