import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { ShopOrder } from "@fre/shared";
import { beginCell } from "@ton/core";
import { describe, expect, it } from "vitest";
import { pollShopPayments } from "../src/modules/shop/shop-payments.ts";
import { walletV4R2 } from "../src/modules/ton/wallet-v4.ts";
import { createTestApp, signUp, useTestApp } from "./helpers.ts";
import { newTonWallet, tonProofBody } from "./ton-helpers.ts";

const test = useTestApp();

const commentCell = (text: string) =>
  beginCell().storeUint(0, 32).storeStringTail(text).endCell().toBoc().toString("base64");

describe("TON Connect manifest and chain facts", () => {
  it("serves the manifest from PUBLIC_URL with an icon that exists", async () => {
    const response = await test().app.inject({ url: "/tonconnect-manifest.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    const manifest = response.json();
    expect(manifest).toEqual({
      url: "http://localhost:3000",
      name: "FRE",
      iconUrl: "http://localhost:3000/icons/icon-192.png",
    });
    const icon = new URL(manifest.iconUrl).pathname;
    expect(existsSync(resolve(import.meta.dirname, "../../web/public", `.${icon}`))).toBe(true);
  });

  it("tells the page the chain is simulated and the dev wallet is offered", async () => {
    const response = await test().app.inject({ url: "/api/ton/config" });
    expect(response.json()).toEqual({ simulated: true, devWallet: true, network: "-3" });
  });

  it("offers no dev wallet without DEV_ROUTES, nor on a real chain", async () => {
    const noDev = await createTestApp({ config: { DEV_ROUTES: "false" } });
    const real = await createTestApp({
      config: {
        TON_API_URL: "http://127.0.0.1:9/",
        SHOP_RECEIVE_ADDRESS: newTonWallet().address,
        TON_NETWORK: "mainnet",
      },
    });
    try {
      expect((await noDev.app.inject({ url: "/api/ton/config" })).json()).toEqual({
        simulated: true,
        devWallet: false,
        network: "-3",
      });
      expect((await real.app.inject({ url: "/api/ton/config" })).json()).toEqual({
        simulated: false,
        devWallet: false,
        network: "-239",
      });
      for (const app of [noDev, real]) {
        const wallet = await app.app.inject({
          method: "POST",
          url: "/api/dev/chain/wallet",
          payload: { publicKey: "11".repeat(32) },
        });
        expect(wallet.statusCode).toBe(404);
      }
    } finally {
      await noDev.close();
      await real.close();
    }
  });
});

describe("dev wallet routes (simulated chain)", () => {
  it("builds the wallet v4R2 of a key, whose ton_proof then links the wallet", async () => {
    const key = newTonWallet();
    const response = await test().app.inject({
      method: "POST",
      url: "/api/dev/chain/wallet",
      payload: { publicKey: key.publicKey },
    });
    expect(response.statusCode).toBe(200);
    const wallet = response.json();
    const expected = walletV4R2({ publicKey: Buffer.from(key.publicKey, "hex") });
    expect(wallet).toMatchObject({ address: expected.address, stateInit: expected.stateInit });
    expect(wallet.friendlyAddress).toMatch(/^0Q[A-Za-z0-9_-]{46}$/);

    const { client } = await signUp(test());
    const body = await tonProofBody(test(), client, { ...key, ...wallet });
    expect((await client.post("/api/ton/wallet", body)).statusCode).toBe(200);
    expect((await client.get("/api/me")).json().tonWallet.address).toBe(expected.address);
  });

  it("refuses a key that is not 32 bytes of hex", async () => {
    const response = await test().app.inject({
      method: "POST",
      url: "/api/dev/chain/wallet",
      payload: { publicKey: "zz".repeat(32) },
    });
    expect(response.statusCode).toBe(400);
  });

  it("pays an order with a TON Connect message payload, decoded into its comment", async () => {
    const { client } = await signUp(test());
    const order = (await client.post("/api/shop/orders", { itemId: "FRE1" })).json() as ShopOrder;
    const [message] = order.transaction.messages;
    const from = newTonWallet().address;
    const sent = await test().app.inject({
      method: "POST",
      url: "/api/dev/chain/transfer",
      payload: {
        from,
        to: message!.address,
        amountTon: order.priceTon,
        payload: message!.payload,
      },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().hash).toMatch(/^[0-9a-f]{64}$/);
    await pollShopPayments(test().shop.deps);
    const paid = (await client.get(`/api/shop/orders/${order.id}`)).json();
    expect(paid).toMatchObject({ status: "paid", txHash: sent.json().hash });
    const mining = (await client.get("/api/mining")).json();
    expect(mining.rate.packs).toBe("0.025000000");
  });

  it("refuses a payload that is no text comment, and a comment given twice", async () => {
    const to = (await (await signUp(test())).client.get("/api/shop")).json().payTo;
    const from = newTonWallet().address;
    const notComment = beginCell().storeUint(0x0f8a7ea5, 32).endCell().toBoc().toString("base64");
    for (const payload of [
      { payload: notComment },
      { payload: "not-a-boc" },
      { payload: commentCell("a"), comment: "a" },
    ]) {
      const response = await test().app.inject({
        method: "POST",
        url: "/api/dev/chain/transfer",
        payload: { from, to, amountTon: "1", ...payload },
      });
      expect(response.statusCode).toBe(400);
    }
    const account = await test().app.inject({ url: `/api/dev/chain/accounts/${from}` });
    expect(account.json().balanceTon).toBe("100.000000000");
  });
});
