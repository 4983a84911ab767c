import type { ShopOrder } from "@fre/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toncenterChain } from "../src/adapters/chain/toncenter-chain.ts";
import { pollShopPayments } from "../src/modules/shop/shop-payments.ts";
import { createTestApp, expectLedgerBalanced, signUp, type TestApp } from "./helpers.ts";
import { newTonWallet, tonProofBody } from "./ton-helpers.ts";
import { startToncenterFake, type ToncenterFake } from "./toncenter-fake.ts";

const SHOP = "0:5a6b0000000000000000000000000000000000000000000000000000000000ab";

let test: TestApp;
let fake: ToncenterFake;
beforeAll(async () => {
  fake = await startToncenterFake(SHOP);
  test = await createTestApp({
    config: { TON_API_URL: fake.url, SHOP_RECEIVE_ADDRESS: SHOP },
    // Small pages: the reader must page through the history.
    chain: toncenterChain(fake.url, fetch, { shopAddress: SHOP, pageSize: 2, timeoutMs: 2000 }),
  });
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(test);
  } finally {
    await test.close();
    await fake.close();
  }
});

const poll = () => pollShopPayments(test.shop.deps);
type Client = Awaited<ReturnType<typeof signUp>>["client"];
const order = async (c: Client, itemId: string) =>
  (await c.post("/api/shop/orders", { itemId })).json() as ShopOrder;
const statusOf = async (c: Client, o: ShopOrder) =>
  (await c.get(`/api/shop/orders/${o.id}`)).json();

describe("shop payments read from toncenter v3", () => {
  it("grants a paid order once even when the indexer serves its transaction twice", async () => {
    const { client: c } = await signUp(test);
    const o = await order(c, "FRE1");
    // A wallet writes the comment as typed: spaces and case do not matter.
    fake.receive({ amountNano: 1_000_000_000n, comment: ` ${o.comment.toLowerCase()} ` });
    fake.repeatLast();
    await poll();
    await poll();
    expect(await statusOf(c, o)).toMatchObject({ status: "paid" });
    expect((await c.get("/api/mining")).json().rate.packs).toBe("0.025000000");
    // The confirmation is an outbox effect, delivered just after the payment's commit.
    await test.effects.settle();
    const notices = (await c.get("/api/notifications")).json().items;
    expect(
      notices.filter((n: { type: string }) => n.type === "purchase_confirmation"),
    ).toHaveLength(1);
  });

  it("a wrong amount is underpaid, an unknown comment and a bounce grant nothing", async () => {
    const { client: c } = await signUp(test);
    const o = await order(c, "FRE3");
    fake.receive({ amountNano: 2_999_999_999n, comment: o.comment });
    fake.receive({ amountNano: 3_000_000_000n, comment: "FRE-NOTANORDER" });
    fake.receive({ amountNano: 3_000_000_000n, comment: o.comment, bounced: true });
    await poll();
    expect(await statusOf(c, o)).toMatchObject({ status: "underpaid", receivedTon: "2.999999999" });
    expect((await c.get("/api/mining")).json().rate.packs).toBe("0.000000000");
  });

  it("while the API is down nothing is lost: the payment is applied once it answers again", async () => {
    const { client: c } = await signUp(test);
    const o = await order(c, "FRE5");
    fake.receive({ amountNano: 5_000_000_000n, comment: o.comment });
    fake.down = true;
    await expect(poll()).rejects.toThrow();
    expect(await statusOf(c, o)).toMatchObject({ status: "pending" });
    fake.down = false;
    await poll();
    expect(await statusOf(c, o)).toMatchObject({ status: "paid" });
    // The health check's blockchain component uses the same driver.
    fake.down = true;
    const health = (await test.app.inject({ url: "/api/health" })).json();
    fake.down = false;
    expect(health.components.blockchain).toEqual({
      status: "unhealthy",
      details: "Blockchain API is not responding",
    });
  });

  it("a wallet without a state init proves its key through get_public_key", async () => {
    const { client: c } = await signUp(test);
    const wallet = newTonWallet();
    const body = await tonProofBody(test, c, wallet);
    const { state_init: _stateInit, ...proof } = body.proof;
    const withoutInit = { ...body, proof };
    const unknown = await c.post("/api/ton/wallet", withoutInit);
    expect(unknown.statusCode).toBe(400);
    fake.publicKeys.set(wallet.address, wallet.publicKey);
    const again = await tonProofBody(test, c, wallet);
    const { state_init: _s, ...proof2 } = again.proof;
    expect((await c.post("/api/ton/wallet", { ...again, proof: proof2 })).statusCode).toBe(200);
  });

  it("the simulated chain's dev routes do not exist on a real chain", async () => {
    const sent = await test.app.inject({
      method: "POST",
      url: "/api/dev/chain/transfer",
      payload: { from: SHOP, to: SHOP, amountTon: "1" },
    });
    expect(sent.statusCode).toBe(404);
  });
});
