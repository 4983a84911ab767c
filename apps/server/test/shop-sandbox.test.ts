// Shop payments from a real wallet (issue 37 point 2, decision 0068): a user's wallet v4R2 (the
// code @ton/ton ships) sends TON with the order's comment to the shop's wallet v4R2, both
// executed by @ton/sandbox's TVM behind toncenter v3. FRE's payment reader
// (toncenter-chain.ts) reads the shop's transactions through its normal path and the shop
// decides as it already does; only the chain is the emulator.

import type { ShopOrder } from "@fre/shared";
import { Address, Cell, toNano } from "@ton/core";
import { findTransactionRequired } from "@ton/test-utils";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { shopPayments } from "../src/db/schema/index.ts";
import { pollShopPayments } from "../src/modules/shop/shop-payments.ts";
import { type Client, signUp } from "./helpers.ts";
import { useSandboxApp } from "./sandbox-helpers.ts";
import { type SandboxToncenter, type SandboxWalletV4, sandboxWalletV4 } from "./ton-sandbox.ts";

let sandbox: SandboxToncenter;
/** The shop's own wallet v4R2: a new key's, deployed by its first send as an operator's is. */
let shop: SandboxWalletV4;

const app = useSandboxApp(async (started) => {
  sandbox = started;
  shop = await sandboxWalletV4(sandbox, 0n);
  return {
    config: { TON_API_URL: sandbox.url, SHOP_RECEIVE_ADDRESS: shop.address.toRawString() },
  };
});
const poll = () => pollShopPayments(app().shop.deps);
async function order(c: Client, itemId: string) {
  const placed = await c.post("/api/shop/orders", { itemId });
  expect(placed.statusCode, placed.body).toBe(201);
  const o = placed.json() as ShopOrder;
  expect(Address.parse(o.payTo).equals(shop.address)).toBe(true);
  return o;
}
const statusOf = async (c: Client, o: ShopOrder) =>
  (await c.get(`/api/shop/orders/${o.id}`)).json();
const packsOf = async (c: Client) => (await c.get("/api/mining")).json().rate.packs;
/** What the reader recorded of the payments from a wallet, in chain order. */
const paymentsFrom = async (wallet: Address) =>
  (
    await app()
      .db.select()
      .from(shopPayments)
      .where(eq(shopPayments.source, wallet.toRawString().toLowerCase()))
  ).sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : 1));

async function buyer() {
  const { client: c } = await signUp(app());
  return { c, wallet: await sandboxWalletV4(sandbox) };
}

/**
 * What a wallet app does with the order's TON Connect request: each message to its address
 * (bounceable or not, as the address's form says), its amount, its payload as the body.
 */
async function payAsAsked(wallet: SandboxWalletV4, o: ShopOrder) {
  const txs = [];
  for (const m of o.transaction.messages) {
    const to = Address.parseFriendly(m.address);
    txs.push(
      ...(await wallet.send({
        to: to.address,
        bounce: to.isBounceable,
        value: BigInt(m.amount),
        body: m.payload ? Cell.fromBase64(m.payload) : undefined,
      })),
    );
  }
  return txs;
}

/** The user's wallet sends `value` to the order's address; the shop's wallet keeps it. */
async function pay(wallet: SandboxWalletV4, o: ShopOrder, value: bigint, comment?: string) {
  const to = Address.parseFriendly(o.payTo);
  const txs = await wallet.send({ to: to.address, bounce: to.isBounceable, value, comment });
  return findTransactionRequired(txs, {
    from: wallet.address,
    to: shop.address,
    value,
    success: true,
  });
}

describe("before the shop's wallet is deployed", () => {
  it("a bounceable payment bounces back with its TON: nothing granted, nothing recorded", async () => {
    const { c, wallet } = await buyer();
    const o = await order(c, "FRE1");
    const before = await sandbox.tonBalance(wallet.address);
    // The address typed in its bounceable form: the shop's address has no code yet.
    const txs = await wallet.send({ to: shop.address, value: toNano("1"), comment: o.comment });
    findTransactionRequired(txs, { to: shop.address, aborted: true });
    findTransactionRequired(txs, {
      from: shop.address,
      to: wallet.address,
      inMessageBounced: true,
    });
    expect(before - (await sandbox.tonBalance(wallet.address))).toBeLessThan(toNano("0.05"));
    await poll();
    expect(await statusOf(c, o)).toMatchObject({
      status: "pending",
      receivedTon: "0.000000000",
    });
    expect(await packsOf(c)).toBe("0.000000000");
    expect(await paymentsFrom(wallet.address)).toEqual([]);
  });

  // FRE asks for a non-bounceable payment (the order's address is in its non-bounceable form);
  // to an address without code the shop's transaction is `aborted` (no code to run) yet the TON
  // stays there: the reader counts it (it skips an aborted one only when its message was
  // bounceable, i.e. when the TON went back). It once skipped every aborted one: the user paid
  // and nothing was granted, nor even recorded for the admin.
  it("a payment as the order asks for it is kept by the address: it pays the order", async () => {
    const { c, wallet } = await buyer();
    const o = await order(c, "FRE1");
    const txs = await payAsAsked(wallet, o);
    findTransactionRequired(txs, { to: shop.address, aborted: true, value: toNano("1") });
    expect(await sandbox.tonBalance(shop.address)).toBeGreaterThanOrEqual(toNano("0.99"));
    await poll();
    expect(await statusOf(c, o)).toMatchObject({ status: "paid" });
  });
});

describe("the shop's wallet deployed", () => {
  beforeAll(async () => {
    // The operator's first send from the shop's wallet deploys it.
    await sandbox.fund(shop.address, toNano("1"));
    const txs = await shop.send({ to: sandbox.admin.address, value: toNano("0.01") });
    findTransactionRequired(txs, { on: shop.address, deploy: true, success: true });
  });

  it("paid as the order asks: paid, the item granted once", async () => {
    const { c, wallet } = await buyer();
    const o = await order(c, "FRE1");
    await payAsAsked(wallet, o);
    const paid = findTransactionRequired(sandbox.transactions, {
      from: wallet.address,
      to: shop.address,
      success: true,
    });
    await poll();
    await poll();
    expect(await statusOf(c, o)).toMatchObject({ status: "paid", receivedTon: "1.000000000" });
    expect(await packsOf(c)).toBe("0.025000000");
    // Recorded once, under the shop's own transaction, with what the message carried.
    expect(await paymentsFrom(wallet.address)).toMatchObject([
      {
        txHash: paid.hash().toString("base64"),
        lt: paid.lt.toString(),
        amountNano: 1_000_000_000n,
        comment: o.comment,
        outcome: "paid",
      },
    ]);
    await app().effects.settle();
    const notices = (await c.get("/api/notifications")).json().items;
    expect(
      notices.filter((n: { type: string }) => n.type === "purchase_confirmation"),
    ).toHaveLength(1);
  });

  it("under the price: underpaid, then the rest pays it", async () => {
    const { c, wallet } = await buyer();
    const o = await order(c, "FRE3");
    await pay(wallet, o, toNano("2.5"), o.comment);
    await poll();
    expect(await statusOf(c, o)).toMatchObject({
      status: "underpaid",
      receivedTon: "2.500000000",
    });
    expect(await packsOf(c)).toBe("0.000000000");
    await pay(wallet, o, toNano("0.5"), o.comment);
    await poll();
    expect(await statusOf(c, o)).toMatchObject({ status: "paid", receivedTon: "3.000000000" });
    expect((await paymentsFrom(wallet.address)).map((p) => p.outcome)).toEqual(["partial", "paid"]);
  });

  it("over the price: paid, the whole amount received", async () => {
    const { c, wallet } = await buyer();
    const o = await order(c, "FRE1");
    await pay(wallet, o, toNano("1.5"), o.comment);
    await poll();
    expect(await statusOf(c, o)).toMatchObject({ status: "paid", receivedTon: "1.500000000" });
    expect(await packsOf(c)).toBe("0.025000000");
  });

  it("paid twice: granted once, the second payment a duplicate for the admin", async () => {
    const { c, wallet } = await buyer();
    const o = await order(c, "FRE1");
    await payAsAsked(wallet, o);
    await payAsAsked(wallet, o);
    await poll();
    expect(await statusOf(c, o)).toMatchObject({ status: "paid" });
    expect(await packsOf(c)).toBe("0.025000000");
    expect((await paymentsFrom(wallet.address)).map((p) => p.outcome)).toEqual([
      "paid",
      "duplicate",
    ]);
  });

  it("without a comment: unmatched, the order still waiting", async () => {
    const { c, wallet } = await buyer();
    const o = await order(c, "FRE1");
    await pay(wallet, o, toNano("1"));
    await poll();
    expect(await statusOf(c, o)).toMatchObject({ status: "pending" });
    expect(await packsOf(c)).toBe("0.000000000");
    expect(await paymentsFrom(wallet.address)).toMatchObject([
      { outcome: "unmatched", comment: null, orderId: null, amountNano: 1_000_000_000n },
    ]);
  });

  it("a message of the shop's that bounced back to it is no payment", async () => {
    const { c, wallet } = await buyer();
    const o = await order(c, "FRE1");
    // The shop sends to an address with no code, bounceable, with the order's comment: it
    // comes back bounced (its body then starts 0xffffffff, the value less the fees).
    const nowhere = (await sandboxWalletV4(sandbox, 0n)).address;
    const txs = await shop.send({ to: nowhere, value: toNano("0.2"), comment: o.comment });
    findTransactionRequired(txs, { from: nowhere, to: shop.address, inMessageBounced: true });
    await poll();
    expect(await statusOf(c, o)).toMatchObject({ status: "pending" });
    const all = await app().db.select().from(shopPayments);
    expect(all.filter((p) => p.source === nowhere.toRawString().toLowerCase())).toEqual([]);
    // The order then paid by its buyer, as asked.
    await payAsAsked(wallet, o);
    await poll();
    expect(await statusOf(c, o)).toMatchObject({ status: "paid", receivedTon: "1.000000000" });
  });
});
