import type { ShopOrder } from "@fre/shared";
import { parseFre, SHOP_PAYMENT_IN_FLIGHT_SECONDS } from "@fre/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { pollShopPayments } from "../src/modules/shop/shop-payments.ts";
import type { SimulatedChain } from "../src/modules/ton/chain.ts";
import { type Client, useTestApp, verifiedUser } from "./helpers.ts";

// Issue 34 point 8, decision 0059: a payment sent from the app is on its way until it arrives
// or lapses; meanwhile the order says so (after a reload too) and a second one is refused.
const test = useTestApp();
let simulatedChain: SimulatedChain;
beforeAll(async () => {
  simulatedChain = test().shop.simulatedChain!;
});

async function order(c: Client, itemId: string) {
  const response = await c.post("/api/shop/orders", { itemId });
  expect([200, 201]).toContain(response.statusCode);
  return response.json() as ShopOrder;
}

const start = (c: Client, o: ShopOrder) => c.post(`/api/shop/orders/${o.id}/payment`);
const read = async (c: Client, o: ShopOrder) =>
  (await c.get(`/api/shop/orders/${o.id}`)).json() as ShopOrder;

describe("a payment on its way", () => {
  it("is marked before the wallet is asked, survives a reload, and refuses a second one", async () => {
    const { client: c } = await verifiedUser(test(), "inflight");
    const o = await order(c, "FRE1");
    expect(o.paymentInFlightUntil).toBeNull();
    const first = await start(c, o);
    expect(first.statusCode, first.body).toBe(200);
    const started = first.json() as ShopOrder;
    const until = Date.parse(started.paymentInFlightUntil ?? "");
    expect(until).toBe(test().clock.now().getTime() + SHOP_PAYMENT_IN_FLIGHT_SECONDS * 1000);
    // The transaction handed to the wallet lapses with the mark.
    expect(started.transaction.validUntil).toBe(Math.floor(until / 1000));
    // A reload: the order still says it.
    expect((await read(c, o)).paymentInFlightUntil).toBe(started.paymentInFlightUntil);
    expect(
      (await c.get("/api/shop/orders")).json().items.find((x: ShopOrder) => x.id === o.id)
        .paymentInFlightUntil,
    ).toBe(started.paymentInFlightUntil);
    const second = await start(c, o);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: "PAYMENT_IN_FLIGHT",
      message: expect.any(String),
    });

    // Lapsed: the app may offer it again.
    test().clock.advance(SHOP_PAYMENT_IN_FLIGHT_SECONDS * 1000);
    expect((await read(c, o)).paymentInFlightUntil).toBeNull();
    expect((await start(c, o)).statusCode).toBe(200);
  });

  it("five taps at once mark it once", async () => {
    const { client: c } = await verifiedUser(test(), "inflight5");
    const o = await order(c, "FRE1");
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => start(c, o)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it("the wallet's refusal lifts it; a partial payment lifts it for the rest", async () => {
    const { client: c } = await verifiedUser(test(), "inflightpart");
    const o = await order(c, "FRE3");
    expect((await start(c, o)).statusCode).toBe(200);
    const cancelled = await c.delete(`/api/shop/orders/${o.id}/payment`);
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json() as ShopOrder).paymentInFlightUntil).toBeNull();
    expect((await start(c, o)).statusCode).toBe(200);

    const half = parseFre(o.priceTon) / 2n;
    await simulatedChain.transfer({
      from: `0:${"b".repeat(64)}`,
      to: o.payTo,
      amountNano: half,
      comment: o.comment,
    });
    await pollShopPayments(test().shop.deps);
    const underpaid = await read(c, o);
    expect(underpaid.status).toBe("underpaid");
    expect(underpaid.paymentInFlightUntil).toBeNull();
    const rest = await start(c, o);
    expect(rest.statusCode).toBe(200);
    expect((rest.json() as ShopOrder).transaction.messages[0]?.amount).toBe(
      (parseFre(o.priceTon) - half).toString(),
    );
  });

  it("a paid, expired or someone else's order is not paid again", async () => {
    const { client: c } = await verifiedUser(test(), "inflightclosed");
    const other = await verifiedUser(test(), "inflightother");
    const o = await order(c, "BOX7");
    expect((await other.client.post(`/api/shop/orders/${o.id}/payment`)).statusCode).toBe(404);
    test().clock.advance(31 * 60_000);
    const late = await start(c, o);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe("ORDER_CLOSED");
  });
});
