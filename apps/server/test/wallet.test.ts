import { SESSION_DURATION_MS } from "@fre/shared";
import { describe, expect, it } from "vitest";
import {
  createTestApp,
  expectLedgerBalanced,
  signUp,
  uniqueUser,
  useTestApp,
  verifyEmail,
} from "./helpers.ts";

const test = useTestApp();

async function mineOnce(c: Awaited<ReturnType<typeof signUp>>["client"], hours: number) {
  await c.post("/api/mining/start");
  test().clock.advance(hours * 3_600_000);
  return (await c.post("/api/mining/stop")).json().credited as string;
}

describe("wallet", () => {
  it("shows balance, total mined, rate and a paginated ledger", async () => {
    const signed = await signUp(test(), uniqueUser("wal"));
    await verifyEmail(test(), signed.user.email);
    const c = signed.client;
    const credited = [];
    for (let i = 1; i <= 5; i++) credited.push(await mineOnce(c, i));
    const wallet = (await c.get("/api/wallet")).json();
    expect(wallet).toMatchObject({
      balance: "0.015625005",
      totalMined: "0.015625005",
      miningRate: "0.001041667",
      bonusHistory: [],
      levelValidations: [],
    });
    const first = (await c.get("/api/wallet/ledger?limit=2")).json();
    expect(first.items.map((i: { amount: string }) => i.amount)).toEqual([
      credited[4],
      credited[3],
    ]);
    expect(first.items[0].kind).toBe("mining");
    const second = (await c.get(`/api/wallet/ledger?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((i: { amount: string }) => i.amount)).toEqual([
      credited[2],
      credited[1],
    ]);
    const last = (await c.get(`/api/wallet/ledger?limit=2&cursor=${second.nextCursor}`)).json();
    expect(last.items).toHaveLength(1);
    expect(last.nextCursor).toBeNull();

    const other = await signUp(test());
    expect((await other.client.get("/api/wallet/ledger")).json().items).toEqual([]);
    expect((await c.get("/api/wallet/ledger?limit=1000")).statusCode).toBe(400);
    expect((await c.get("/api/wallet/ledger?cursor=abc")).statusCode).toBe(400);
  });
});

describe("global statistics", () => {
  it("are computed from sessions and the ledger, public subset cached 60 s", async () => {
    const fresh = await createTestApp();
    try {
      const a = await signUp(fresh, uniqueUser("st"));
      await verifyEmail(fresh, a.user.email);
      await a.client.post("/api/mining/start");
      fresh.clock.advance(SESSION_DURATION_MS);
      await a.client.post("/api/mining/claim");
      await signUp(fresh);
      const stats = (await fresh.app.inject({ url: "/api/stats/public" })).json();
      expect(stats).toEqual({ totalUsers: 2, activeMiners24h: 1, totalMined: "0.025000008" });
      await signUp(fresh);
      expect((await fresh.app.inject({ url: "/api/stats/public" })).json().totalUsers).toBe(2);
      fresh.clock.advance(61_000);
      expect((await fresh.app.inject({ url: "/api/stats/public" })).json().totalUsers).toBe(3);
      const all = await fresh.stats.globalStats();
      expect(all).toMatchObject({ totalCompletedSessions: 1, totalMinedAllTime: "0.025000008" });
      await expectLedgerBalanced(fresh);
    } finally {
      await fresh.close();
    }
  });
});
