import { parseFre, type ShopOrder } from "@fre/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { pollShopPayments } from "../src/modules/shop/shop-payments.ts";
import type { SimulatedChain } from "../src/modules/ton/chain.ts";
import { type Client, elevatedAdmin, signUp, useTestApp } from "./helpers.ts";

/**
 * A partial payment is resolved with its order once a top-up pays it (issue 32 point 11): the
 * admin's list no longer waits on it, and it cannot be refunded (nor granted) on its own — its TON
 * bought the item. A partial payment of an order never paid stays the admin's to refund.
 */

const test = useTestApp();
let simulatedChain: SimulatedChain;
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;
beforeAll(async () => {
  simulatedChain = test().shop.simulatedChain!;
});

const poll = () => pollShopPayments(test().shop.deps);
let walletSeq = 0;
const newWallet = () => `0:${(++walletSeq).toString(16).padStart(64, "b")}`;

async function order(c: Client, itemId: string) {
  const response = await c.post("/api/shop/orders", { itemId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ShopOrder;
}

const pay = async (o: ShopOrder, amountTon: string) => {
  const { hash } = await simulatedChain.transfer({
    from: newWallet(),
    to: o.payTo,
    amountNano: parseFre(amountTon),
    comment: o.comment,
  });
  await poll();
  return hash;
};

const payments = async (query = "") =>
  (await admin.client.get(`/api/admin/shop/payments${query}`)).json().items as {
    txHash: string;
    outcome: string;
    resolution: string | null;
    resolvedAt: string | null;
  }[];
const resolve = (txHash: string, resolution: "granted" | "refunded") =>
  admin.client.post(`/api/admin/shop/payments/${txHash}/resolution`, {
    resolution,
    reason: "Buyer asked for the TON back",
  });

describe("partial payments", () => {
  it("are resolved with their order when a top-up pays it, and cannot be refunded", async () => {
    admin = await elevatedAdmin(test(), "partialboss");
    const { client: c } = await signUp(test());
    const o = await order(c, "FRE3");
    const partial = await pay(o, "1.2");
    expect((await payments("?unresolved=true")).map((p) => p.txHash)).toContain(partial);
    test().clock.advance(60_000);
    const paidAt = test().clock.now().toISOString();
    const topUp = await pay(o, "1.8");
    expect((await c.get(`/api/shop/orders/${o.id}`)).json()).toMatchObject({
      status: "paid",
      receivedTon: "3.000000000",
    });

    const shown = (await payments()).find((p) => p.txHash === partial);
    expect(shown).toMatchObject({ outcome: "partial", resolution: "granted", resolvedAt: paidAt });
    const waiting = (await payments("?unresolved=true")).map((p) => p.txHash);
    expect(waiting).not.toContain(partial);
    expect(waiting).not.toContain(topUp);

    for (const txHash of [partial, topUp]) {
      for (const resolution of ["refunded", "granted"] as const) {
        const refused = await resolve(txHash, resolution);
        expect(refused.statusCode, `${resolution} ${refused.body}`).toBe(409);
        expect(refused.json()).toEqual({
          error: "PAYMENT_COUNTED_IN_PAID_ORDER",
          message:
            "Ce paiement a servi à régler une commande payée : il ne peut être ni remboursé ni accordé à part.",
        });
      }
    }
    // Nothing changed: still resolved by the order's payment, no admin's decision recorded.
    expect((await payments()).find((p) => p.txHash === partial)).toMatchObject({
      resolution: "granted",
      resolvedAt: paidAt,
    });
  });

  it("of an order never paid can still be refunded", async () => {
    const { client: c } = await signUp(test());
    const o = await order(c, "FRE5");
    const partial = await pay(o, "2");
    test().clock.advance(31 * 60_000);
    expect((await c.get(`/api/shop/orders/${o.id}`)).json().status).toBe("expired");
    // An elevation lasts 30 minutes: this admin's starts now.
    admin = await elevatedAdmin(test(), "expiredboss");
    expect((await payments("?unresolved=true")).map((p) => p.txHash)).toContain(partial);
    const refunded = await resolve(partial, "refunded");
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ outcome: "partial", resolution: "refunded" });
    expect((await payments("?unresolved=true")).map((p) => p.txHash)).not.toContain(partial);
  });

  it("granted by an admin while the order is open counts its TON once", async () => {
    admin = await elevatedAdmin(test(), "grantboss");
    const { client: c } = await signUp(test());
    const o = await order(c, "FRE3");
    const partial = await pay(o, "1.2");
    const granted = await resolve(partial, "granted");
    expect(granted.statusCode, granted.body).toBe(200);
    // The partial's 1.2 TON was counted toward the order when it arrived: not a second time.
    expect((await c.get(`/api/shop/orders/${o.id}`)).json()).toMatchObject({
      status: "paid",
      receivedTon: "1.200000000",
    });
    const listed = (await admin.client.get("/api/admin/shop/orders")).json() as {
      items: { id: string; receivedTon: string }[];
    };
    expect(listed.items.find((item) => item.id === o.id)?.receivedTon).toBe("1.200000000");
  });

  it("refunded while the order is open no longer counts toward it", async () => {
    admin = await elevatedAdmin(test(), "openboss");
    const { client: c } = await signUp(test());
    const o = await order(c, "FRE3");
    const partial = await pay(o, "1.2");
    expect((await resolve(partial, "refunded")).statusCode).toBe(200);
    const open = (await c.get(`/api/shop/orders/${o.id}`)).json();
    expect(open).toMatchObject({ status: "pending", receivedTon: "0.000000000" });
    expect(open.transaction.messages[0].amount).toBe("3000000000");
    // The rest the order asked for before the refund no longer pays it.
    await pay(o, "1.8");
    expect((await c.get(`/api/shop/orders/${o.id}`)).json()).toMatchObject({
      status: "underpaid",
      receivedTon: "1.800000000",
    });
  });
});
