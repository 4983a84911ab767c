/**
 * Issue 34 point 7: every amount a request carries is read as a person types it — « 100,5 »,
 * « 1 000,5 », « −12,5 » — by the one parser (parseTypedAmount, decision 0060).
 */
import { parseFre } from "@fre/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { credit } from "../src/modules/ledger/ledger.ts";
import { elevatedAdmin, expectLedgerBalanced, signUp, useTestApp } from "./helpers.ts";

const test = useTestApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "typedboss");
});

function adjust(userId: string, amount: string, key: string) {
  return test().app.inject({
    method: "POST",
    url: `/api/admin/users/${userId}/adjustments`,
    headers: {
      origin: "http://localhost:3000",
      cookie: [...admin.client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      "idempotency-key": key,
    },
    payload: { amount, reason: "Correction saisie à la française" },
  });
}

describe("amounts as typed, on the API", () => {
  it("an admin adjustment of « 100,5 » credits 100.5 FRE, « −12,5 » debits 12.5, the ledger holds", async () => {
    const { me, client: c } = await signUp(test());
    const plus = await adjust(me.id, "100,5", "typed-adjust-0001");
    expect(plus.statusCode, plus.body).toBe(201);
    expect(plus.json()).toMatchObject({ amount: "100.500000000", balance: "100.500000000" });
    test().clock.advance(1000);
    const grouped = await adjust(me.id, "1\u202f000,25", "typed-adjust-0002");
    expect(grouped.statusCode, grouped.body).toBe(201);
    expect(grouped.json().balance).toBe("1100.750000000");
    test().clock.advance(1000);
    const minus = await adjust(me.id, "\u221212,5", "typed-adjust-0003");
    expect(minus.statusCode, minus.body).toBe(201);
    expect(minus.json()).toMatchObject({ amount: "-12.500000000", balance: "1088.250000000" });
    for (const amount of ["1,2,3", "1.000,5", "12a", "1,0000000001", "1\u200b2"]) {
      const refused = await adjust(me.id, amount, "typed-adjust-bad");
      expect(refused.statusCode, amount).toBe(400);
    }
    const ledger = (await c.get("/api/wallet/ledger")).json();
    expect(ledger.items.map((e: { amount: string }) => e.amount)).toEqual([
      "-12.500000000",
      "1000.250000000",
      "100.500000000",
    ]);
    expect((await c.get("/api/me")).json().balance).toBe("1088.250000000");
    await expectLedgerBalanced(test());
  });

  it("a Dice bet of « 1,5 » stakes 1.5 FRE", async () => {
    const { me, client: c } = await signUp(test());
    await test().db.transaction((tx) =>
      credit(tx, {
        userId: me.id,
        kind: "bonus",
        amountNano: parseFre("10"),
        reference: `typed-amounts:${me.id}`,
        at: test().clock.now(),
      }),
    );
    const bet = await c.post("/api/games/dice/bets", {
      amount: "1,5",
      target: 50,
      direction: "over",
    });
    expect(bet.statusCode, bet.body).toBe(200);
    expect(bet.json().amount).toBe("1.500000000");
    await expectLedgerBalanced(test());
  });

  it("the admin settings take « 0,5 » and « 1 000,5 »: bet limits, withdrawals, daily rewards, shop price, bonus code", async () => {
    const limits = await admin.client.put("/api/admin/games/limits", {
      minBet: "0,5",
      maxBet: "1\u00a0000,5",
    });
    expect(limits.statusCode, limits.body).toBe(200);
    expect(limits.json()).toMatchObject({ minBet: "0.5", maxBet: "1000.5" });

    const withdrawals = await admin.client.put("/api/admin/withdrawals/settings", {
      minimum: "30,5",
    });
    expect(withdrawals.statusCode, withdrawals.body).toBe(200);
    expect(parseFre(withdrawals.json().minimum)).toBe(parseFre("30.5"));

    const daily = (await admin.client.get("/api/admin/daily/settings")).json();
    const rewards = ["0,1", "0,2", "0,3", "0,5", "0,8", "1,2", "1\u202f000,5"];
    const saved = await admin.client.put("/api/admin/daily/settings", { ...daily, rewards });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rewards.map((r: string) => parseFre(r))).toEqual(
      ["0.1", "0.2", "0.3", "0.5", "0.8", "1.2", "1000.5"].map(parseFre),
    );

    const price = await admin.client.patch("/api/admin/shop/items/BOX7", { priceTon: "1,25" });
    expect(price.statusCode, price.body).toBe(200);
    const items = (await admin.client.get("/api/admin/shop/items")).json().items;
    expect(items.find((i: { id: string }) => i.id === "BOX7").priceTon).toBe("1.250000000");

    const code = await admin.client.post("/api/admin/bonus-codes", {
      code: "TYPED100",
      type: "fre",
      rewardValue: "100,5",
      maxUses: 5,
    });
    expect(code.statusCode, code.body).toBe(201);
    expect(parseFre(code.json().rewardValue)).toBe(parseFre("100.5"));
  });
});
