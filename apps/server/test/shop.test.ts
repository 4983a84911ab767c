import type { ShopOrder } from "@fre/shared";
import { formatNano, parseFre, RATE_COMPONENTS } from "@fre/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { pollShopPayments } from "../src/modules/shop/shop-payments.ts";
import type { SimulatedChain } from "../src/modules/ton/chain.ts";
import { type Client, elevatedAdmin, outbox, signUp, useTestApp, verifiedUser } from "./helpers.ts";

const test = useTestApp();
let simulatedChain: SimulatedChain;
beforeAll(async () => {
  simulatedChain = test().shop.simulatedChain!;
});

const DAY = 86_400_000;
const poll = () => pollShopPayments(test().shop.deps);
let walletSeq = 0;
/** A fresh simulated wallet (starts with 100 TON). */
const newWallet = () => `0:${(++walletSeq).toString(16).padStart(64, "a")}`;

async function order(c: Client, itemId: string) {
  const response = await c.post("/api/shop/orders", { itemId });
  expect([200, 201]).toContain(response.statusCode);
  return response.json() as ShopOrder;
}

/** Pays `amountTon` to the order's address with its comment, as a wallet would. */
const pay = (o: ShopOrder, amountTon = o.priceTon, from = newWallet()) =>
  simulatedChain.transfer({
    from,
    to: o.payTo,
    amountNano: parseFre(amountTon),
    comment: o.comment,
  });

const rateOf = async (c: Client) => (await c.get("/api/mining")).json().rate;

describe("shop", () => {
  it("shows every part of the rate, and the parts add up to the total", async () => {
    const { client: c, me } = await verifiedUser(test(), "rateparts");
    await c.post("/api/mining/start");
    // A permanent pack, a box, a boost code and an active referral, beside the base rate.
    await pay(await order(c, "FRE1"));
    await poll();
    await pay(await order(c, "BOX7"));
    await poll();
    const boss = await elevatedAdmin(test(), "rateboss");
    const code = await boss.client.post("/api/admin/bonus-codes", {
      code: "RATEPARTS",
      type: "boost",
      rewardValue: "0.5",
      durationHours: 2,
      maxUses: 5,
    });
    expect(code.statusCode, code.body).toBe(201);
    expect((await c.post("/api/bonus-codes/redeem", { code: "RATEPARTS" })).statusCode).toBe(200);
    const friend = await verifiedUser(test(), "ratefriend", { referralCode: me.referralCode });
    expect((await friend.client.post("/api/mining/start")).statusCode).toBe(200);

    const rate = await rateOf(c);
    for (const part of ["base", "packs", "boosts", "referrals"] as const) {
      expect(parseFre(rate[part]), part).toBeGreaterThan(0n);
    }
    // Every field of the breakdown but the counts is a listed part or the total: a new source
    // of rate must join RATE_COMPONENTS (and so get its row on the rate card).
    const fields = Object.keys(rate).filter(
      (key) => !["total", "activeReferrals", "countedReferrals"].includes(key),
    );
    expect(fields.sort()).toEqual([...RATE_COMPONENTS].sort());
    const sum = RATE_COMPONENTS.reduce((total, part) => total + parseFre(rate[part]), 0n);
    expect(formatNano(sum)).toBe(rate.total);
  });

  it("lists the packs and boxes at architecture.md's prices, with where to pay", async () => {
    const { client: c } = await signUp(test());
    const shop = (await c.get("/api/shop")).json();
    expect(shop.items.map((i: { id: string; priceTon: string }) => [i.id, i.priceTon])).toEqual([
      ["FRE1", "1.000000000"],
      ["FRE3", "3.000000000"],
      ["FRE5", "5.000000000"],
      ["BOX7", "2.000000000"],
      ["BOX15", "4.000000000"],
      ["BOX22", "6.000000000"],
      ["BOX30", "8.000000000"],
    ]);
    expect(shop.activeBox).toBeNull();
    expect(shop.payTo).toMatch(/^[A-Za-z0-9_-]{48}$/);
  });

  it("an order carries a ready TON Connect transaction; a second click gets the same order", async () => {
    const { client: c } = await signUp(test());
    const first = await c.post("/api/shop/orders", { itemId: "FRE1" });
    expect(first.statusCode).toBe(201);
    const o = first.json() as ShopOrder;
    expect(o).toMatchObject({ itemId: "FRE1", priceTon: "1.000000000", status: "pending" });
    expect(o.comment).toMatch(/^FRE-[A-Z2-9]{8}$/);
    expect(o.transaction.messages).toEqual([
      { address: o.payTo, amount: "1000000000", payload: expect.stringMatching(/^te6cc/) },
    ]);
    const again = await c.post("/api/shop/orders", { itemId: "FRE1" });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(o.id);
    const unknown = await c.post("/api/shop/orders", { itemId: "NOPE" });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error).toBe("SHOP_ITEM_UNAVAILABLE");
  });

  it("ten clicks at once make one order", async () => {
    const { client: c } = await signUp(test());
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => c.post("/api/shop/orders", { itemId: "FRE3" })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.every((a) => [200, 201].includes(a.statusCode))).toBe(true);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect((await c.get("/api/shop/orders")).json().items).toHaveLength(1);
  });

  it("a paid pack raises the rate by exactly its bonus, once, with a notification and a mail", async () => {
    const { client: c, user } = await signUp(test());
    const o = await order(c, "FRE1");
    await pay(o);
    // Two readers (two server processes) see the same transaction: one grant.
    await Promise.all([poll(), poll()]);
    await poll();
    const paid = (await c.get(`/api/shop/orders/${o.id}`)).json();
    expect(paid).toMatchObject({ status: "paid", receivedTon: "1.000000000" });
    expect(paid.txHash).toBeTruthy();
    expect((await rateOf(c)).packs).toBe("0.025000000");
    // The purchase's notification is written with the grant and stored by the outbox's delivery.
    await test().effects.settle();
    const notices = (await c.get("/api/notifications")).json().items;
    expect(
      notices.filter((n: { type: string }) => n.type === "purchase_confirmation"),
    ).toHaveLength(1);
    expect(
      (await outbox(test(), user.email)).some((m) => m.subject.includes("Achat confirmé")),
    ).toBe(true);
    const owned = await c.post("/api/shop/orders", { itemId: "FRE1" });
    expect(owned.statusCode).toBe(409);
    expect(owned.json().error).toBe("PACK_ALREADY_OWNED");
    expect((await c.get("/api/shop")).json().items[0].owned).toBe(true);
  });

  it("underpaid grants nothing until the rest arrives; paying twice grants once", async () => {
    const { client: c } = await signUp(test());
    const o = await order(c, "FRE3");
    await pay(o, "1.5");
    await poll();
    const short = (await c.get(`/api/shop/orders/${o.id}`)).json();
    expect(short).toMatchObject({ status: "underpaid", receivedTon: "1.500000000" });
    expect(short.transaction.messages[0].amount).toBe("1500000000");
    expect((await rateOf(c)).packs).toBe("0.000000000");
    await pay(o, "1.5");
    await pay(o, "3");
    await poll();
    expect((await c.get(`/api/shop/orders/${o.id}`)).json().status).toBe("paid");
    expect((await rateOf(c)).packs).toBe("0.050000000");
    const admin = await elevatedAdmin(test());
    const payments = (await admin.client.get("/api/admin/shop/payments"))
      .json()
      .items.filter((p: { orderId: string }) => p.orderId === o.id);
    expect(payments.map((p: { outcome: string }) => p.outcome).sort()).toEqual([
      "duplicate",
      "paid",
      "partial",
    ]);
  });

  it("a payment after expiry is recorded, not granted, until an admin resolves it", async () => {
    const { client: c } = await signUp(test());
    const o = await order(c, "FRE5");
    test().clock.advance(31 * 60_000);
    expect((await c.get(`/api/shop/orders/${o.id}`)).json().status).toBe("expired");
    const { hash } = await pay(o);
    await poll();
    expect((await rateOf(c)).packs).toBe("0.000000000");
    const admin = await elevatedAdmin(test());
    const unresolved = (await admin.client.get("/api/admin/shop/payments?unresolved=true")).json();
    expect(unresolved.items).toContainEqual(
      expect.objectContaining({ txHash: hash, outcome: "late", resolution: null }),
    );
    const granted = await admin.client.post(`/api/admin/shop/payments/${hash}/resolution`, {
      resolution: "granted",
      reason: "Paid 1 minute late, wallet was slow",
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ resolution: "granted" });
    expect((await rateOf(c)).packs).toBe("0.100000000");
    const twice = await admin.client.post(`/api/admin/shop/payments/${hash}/resolution`, {
      resolution: "refunded",
      reason: "second click",
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe("PAYMENT_ALREADY_RESOLVED");
  });

  it("a box raises the rate until its exact expiry; another box meanwhile is refused", async () => {
    const { client: c } = await signUp(test());
    const o = await order(c, "BOX7");
    await pay(o);
    await poll();
    expect((await rateOf(c)).boosts).toBe("0.400000000");
    const shop = (await c.get("/api/shop")).json();
    expect(shop.activeBox).toMatchObject({ itemId: "BOX7", rateBonus: "0.400000000" });
    const refused = await c.post("/api/shop/orders", { itemId: "BOX30" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("BOX_ALREADY_ACTIVE");
    test().clock.advance(7 * DAY - 1000);
    expect((await rateOf(c)).boosts).toBe("0.400000000");
    test().clock.advance(1000);
    expect((await rateOf(c)).boosts).toBe("0.000000000");
    expect((await c.post("/api/shop/orders", { itemId: "BOX30" })).statusCode).toBe(201);
  });

  it("the reader resumes from its persisted cursor: nothing missed, nothing counted twice", async () => {
    const { client: c } = await signUp(test());
    const before = await poll();
    expect(before).toBe(0);
    const o = await order(c, "BOX15");
    await pay(o);
    await simulatedChain.transfer({
      from: newWallet(),
      to: o.payTo,
      amountNano: 1n,
      comment: "hello",
    });
    expect(await poll()).toBe(2);
    expect(await poll()).toBe(0);
    const admin = await elevatedAdmin(test());
    const unmatched = (await admin.client.get("/api/admin/shop/payments?unresolved=true")).json();
    expect(unmatched.items).toContainEqual(
      expect.objectContaining({ comment: "hello", outcome: "unmatched" }),
    );
  });

  it("admins set prices and availability, and see orders with totals", async () => {
    const admin = await elevatedAdmin(test());
    const changed = await admin.client.patch("/api/admin/shop/items/BOX22", { priceTon: "6.5" });
    expect(changed.json()).toMatchObject({ id: "BOX22", priceTon: "6.500000000" });
    const { client: c } = await signUp(test());
    expect((await order(c, "BOX22")).priceTon).toBe("6.500000000");
    await admin.client.patch("/api/admin/shop/items/BOX22", { enabled: false });
    const { client: other } = await signUp(test());
    expect((await other.post("/api/shop/orders", { itemId: "BOX22" })).json().error).toBe(
      "SHOP_ITEM_UNAVAILABLE",
    );
    await admin.client.patch("/api/admin/shop/items/BOX22", { enabled: true, priceTon: "6" });
    const bad = await admin.client.patch("/api/admin/shop/items/BOX22", { priceTon: "0" });
    expect(bad.statusCode).toBe(400);
    const paid = (await admin.client.get("/api/admin/shop/orders?status=paid")).json();
    expect(paid.count).toBeGreaterThan(0);
    expect(Number(paid.totalPaidTon)).toBeGreaterThan(0);
    expect(paid.items.every((i: { status: string }) => i.status === "paid")).toBe(true);
  });

  it("dev routes move simulated TON and show balances", async () => {
    const from = newWallet();
    const shopTo = (await (await signUp(test())).client.get("/api/shop")).json().payTo;
    const sent = await test().app.inject({
      method: "POST",
      url: "/api/dev/chain/transfer",
      payload: { from, to: shopTo, amountTon: "2.5", comment: "hi" },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().lt).toMatch(/^\d+$/);
    const account = await test().app.inject({ url: `/api/dev/chain/accounts/${from}` });
    expect(account.json()).toMatchObject({ balanceTon: "97.500000000", jettons: {} });
    const broke = await test().app.inject({
      method: "POST",
      url: "/api/dev/chain/transfer",
      payload: { from, to: shopTo, amountTon: "1000" },
    });
    expect(broke.statusCode).toBe(409);
    // A well-formed address with a wrong checksum is the caller's mistake, not a crash.
    const badChecksum = `${shopTo.slice(0, -2)}${shopTo.endsWith("AA") ? "BB" : "AA"}`;
    const refused = await test().app.inject({ url: `/api/dev/chain/accounts/${badChecksum}` });
    expect(refused.statusCode).toBe(400);
  });
});
