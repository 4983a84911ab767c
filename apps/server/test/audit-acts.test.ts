import type { ShopOrder } from "@fre/shared";
import { parseFre } from "@fre/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { pollShopPayments } from "../src/modules/shop/shop-payments.ts";
import { type Client, elevatedAdmin, signUp, useTestApp } from "./helpers.ts";
import { newTonWallet } from "./ton-helpers.ts";

/** Admin acts whose audit entries no other file checks: the shop's payment resolutions. */
const test = useTestApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "resolver");
});

async function order(c: Client, itemId: string) {
  const response = await c.post("/api/shop/orders", { itemId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ShopOrder;
}

/** Pays to the order's address on the simulated chain and lets the reader see it. */
async function pay(o: ShopOrder, amountTon: string, comment = o.comment) {
  const { hash } = await test().shop.simulatedChain!.transfer({
    from: newTonWallet().address,
    to: o.payTo,
    amountNano: parseFre(amountTon),
    comment,
  });
  await pollShopPayments(test().shop.deps);
  return hash;
}

async function auditOf(txHash: string) {
  const response = await admin.client.get(
    `/api/admin/audit?action=shop.payment_resolve&targetId=${encodeURIComponent(txHash)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

const resolve = (txHash: string, body: Record<string, unknown>) =>
  admin.client.post(`/api/admin/shop/payments/${txHash}/resolution`, body);

describe("audit: shop payment resolutions", () => {
  it("granting an underpaid order records shop.payment_resolve with before and after", async () => {
    const { client: c } = await signUp(test());
    const o = await order(c, "FRE3");
    const hash = await pay(o, "1");
    expect((await c.get(`/api/shop/orders/${o.id}`)).json().status).toBe("underpaid");
    expect(await auditOf(hash)).toEqual([]);

    const granted = await resolve(hash, { resolution: "granted", reason: "Frais du portefeuille" });
    expect(granted.statusCode, granted.body).toBe(200);
    const entries = await auditOf(hash);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.me.id,
      actorNickname: admin.me.nickname,
      action: "shop.payment_resolve",
      targetType: "shop_payment",
      targetId: hash,
      ip: "127.0.0.1",
      before: { outcome: "partial", orderId: o.id, resolution: null },
      after: { resolution: "granted", reason: "Frais du portefeuille", orderId: o.id },
    });
    // A refused second resolution writes nothing.
    expect((await resolve(hash, { resolution: "refunded", reason: "Deux fois" })).statusCode).toBe(
      409,
    );
    expect(await auditOf(hash)).toHaveLength(1);
  });

  it("refunding an unmatched payment records it too", async () => {
    const { client: c } = await signUp(test());
    const o = await order(c, "BOX7");
    const hash = await pay(o, "0.3", "no such order");
    const refunded = await resolve(hash, {
      resolution: "refunded",
      reason: "Renvoyé à l'expéditeur",
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [entry] = await auditOf(hash);
    expect(entry).toMatchObject({
      actorId: admin.me.id,
      targetType: "shop_payment",
      targetId: hash,
      ip: "127.0.0.1",
      before: { outcome: "unmatched", orderId: null, resolution: null },
      after: { resolution: "refunded", reason: "Renvoyé à l'expéditeur", orderId: null },
    });
  });
});
