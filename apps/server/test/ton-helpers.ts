import { generateKeyPairSync, randomUUID } from "node:crypto";
import { parseFre, type ShopOrder, type TonNetwork } from "@fre/shared";
import { eq } from "drizzle-orm";
import { users } from "../src/db/schema/index.ts";
import { credit } from "../src/modules/ledger/ledger.ts";
import { pollShopPayments } from "../src/modules/shop/shop-payments.ts";
import type { Chain } from "../src/modules/ton/chain.ts";
import { signTonProof } from "../src/modules/ton/ton-proof-signer.ts";
import { walletV4R2 } from "../src/modules/ton/wallet-v4.ts";
import type { WithdrawalDeps } from "../src/modules/withdrawals/withdrawals.service.ts";
import type { Client, TestApp } from "./helpers.ts";

/** A fresh ed25519 key and its real wallet v4R2 (the kind the dev wallet and Tonkeeper use). */
export function newTonWallet() {
  const { privateKey } = generateKeyPairSync("ed25519");
  const jwk = privateKey.export({ format: "jwk" });
  const seed = new Uint8Array(Buffer.from(jwk.d!, "base64url"));
  const publicKey = new Uint8Array(Buffer.from(jwk.x!, "base64url"));
  return { seed, ...walletV4R2({ publicKey }) };
}
export type TestTonWallet = ReturnType<typeof newTonWallet>;

/**
 * The body a wallet's ton_proof makes, for the challenge the server gave this client: on testnet
 * for the wallet's basechain address unless told otherwise.
 */
export async function tonProofBody(
  test: TestApp,
  c: Client,
  wallet: TestTonWallet,
  overrides: {
    domain?: string;
    timestamp?: number;
    payload?: string;
    address?: string;
    network?: TonNetwork;
  } = {},
) {
  const payload = overrides.payload ?? (await c.get("/api/ton/proof-payload")).json().payload;
  const address = overrides.address ?? wallet.address;
  const proof = signTonProof({
    secretKey: wallet.seed,
    address,
    stateInit: wallet.stateInit,
    domain: overrides.domain ?? "localhost:3000",
    timestamp: overrides.timestamp ?? Math.floor(test.clock.now().getTime() / 1000),
    payload,
  });
  const network = overrides.network ?? "-3";
  return { address, network, public_key: wallet.publicKey, proof };
}

/** Links a new wallet to the client's account through a real ton_proof. */
export async function linkTonWallet(test: TestApp, c: Client) {
  const wallet = newTonWallet();
  const linked = await c.post("/api/ton/wallet", await tonProofBody(test, c, wallet));
  if (linked.statusCode !== 200) throw new Error(`link failed: ${linked.body}`);
  return wallet;
}

/** Approves the user's KYC and credits `fre` FRE: what a withdrawal needs besides a wallet. */
export async function fundForWithdrawal(test: TestApp, userId: string, fre: string) {
  await test.db.update(users).set({ kycStatus: "approved" }).where(eq(users.id, userId));
  await test.db.transaction((tx) =>
    credit(tx, {
      userId,
      kind: "bonus",
      amountNano: parseFre(fre),
      reference: `test:${randomUUID()}`,
      at: test.clock.now(),
    }),
  );
}

/** POST /api/withdrawals with a fresh Idempotency-Key. */
export function requestWithdrawal(test: TestApp, c: Client, amount: string) {
  return test.app.inject({
    method: "POST",
    url: "/api/withdrawals",
    headers: {
      origin: "http://localhost:3000",
      cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      "idempotency-key": `ton-${randomUUID()}`,
    },
    payload: { amount },
  });
}

/** Orders `itemId`, pays its price on the simulated chain and lets the reader see it. */
export async function buyItem(test: TestApp, c: Client, itemId: string) {
  const order = (await c.post("/api/shop/orders", { itemId })).json() as ShopOrder;
  await test.shop.simulatedChain!.transfer({
    from: newTonWallet().address,
    to: order.payTo,
    amountNano: parseFre(order.priceTon),
    comment: order.comment,
  });
  await pollShopPayments(test.shop.deps);
  return order;
}

/** What the payout worker runs with in a test app (withdrawals on), on `chain` if given. */
export const payoutWorkerDeps = (
  test: TestApp,
  chain: Chain = test.shop.deps.chain,
): WithdrawalDeps => ({
  ...test.shop.deps,
  events: test.events,
  chain,
  enabled: true,
});
