import { randomUUID } from "node:crypto";
import { parseFre } from "@fre/shared";
import { mnemonicNew, mnemonicToPrivateKey } from "@ton/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toncenterChain } from "../src/adapters/chain/toncenter-chain.ts";
import { payoutQueryId, toncenterPayouts } from "../src/adapters/chain/toncenter-payouts.ts";
import { users, withdrawals } from "../src/db/schema/index.ts";
import { credit } from "../src/modules/ledger/ledger.ts";
import type { Chain } from "../src/modules/ton/chain.ts";
import { walletV4R2 } from "../src/modules/ton/wallet-v4.ts";
import { processPayouts } from "../src/modules/withdrawals/withdrawal-payouts.ts";
import {
  type Client,
  createTestApp,
  elevatedAdmin,
  expectLedgerBalanced,
  type TestApp,
  verifiedUser,
} from "./helpers.ts";
import { linkTonWallet, payoutWorkerDeps } from "./ton-helpers.ts";
import { startToncenterFake, type ToncenterFake } from "./toncenter-fake.ts";

const SHOP = "0:5a6b0000000000000000000000000000000000000000000000000000000000cd";
const MASTER = `0:${"f7".repeat(32)}`;

let test: TestApp;
let fake: ToncenterFake;
let admin: Client;
let mnemonic: string;
let hotAddress: string;

beforeAll(async () => {
  const words = await mnemonicNew(24);
  mnemonic = words.join(" ");
  const keys = await mnemonicToPrivateKey(words);
  hotAddress = walletV4R2({ publicKey: new Uint8Array(keys.publicKey) }).address;
  fake = await startToncenterFake(SHOP);
  fake.enablePayouts({
    address: hotAddress,
    publicKey: keys.publicKey.toString("hex"),
    jettonMaster: MASTER,
  });
  // The chain is built by the app from its configuration, as in production.
  test = await createTestApp({
    config: {
      TON_API_URL: fake.url,
      SHOP_RECEIVE_ADDRESS: SHOP,
      TON_HOT_WALLET_MNEMONIC: mnemonic,
      FRE_JETTON_MASTER: MASTER,
    },
  });
  admin = (await elevatedAdmin(test, "tcboss")).client;
});

afterAll(async () => {
  try {
    if (test) await expectLedgerBalanced(test);
  } finally {
    await test?.close();
    await fake?.close();
  }
});

/** What a restarted server builds: the same configuration, nothing in memory. */
const restartedChain = () =>
  toncenterChain(fake.url, fetch, {
    shopAddress: SHOP,
    payouts: toncenterPayouts({ baseUrl: fake.url, mnemonic, jettonMaster: MASTER }),
  });

const workerDeps = (chain?: Chain) => payoutWorkerDeps(test, chain);
/** What an admin confirms in the approve dialog of a request one approval pays. */
const FINAL = { expect: "final" };

async function approvedWithdrawal(amount = "30") {
  const { client: c, me } = await verifiedUser(test, "tcwd");
  await test.db.update(users).set({ kycStatus: "approved" }).where(eq(users.id, me.id));
  const wallet = await linkTonWallet(test, c);
  await test.db.transaction((tx) =>
    credit(tx, {
      userId: me.id,
      kind: "bonus",
      amountNano: parseFre("100"),
      reference: `test:${randomUUID()}`,
      at: test.clock.now(),
    }),
  );
  const asked = await test.app.inject({
    method: "POST",
    url: "/api/withdrawals",
    headers: {
      origin: "http://localhost:3000",
      cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      "idempotency-key": randomUUID(),
      "content-type": "application/json",
    },
    payload: JSON.stringify({ amount }),
  });
  expect(asked.statusCode).toBe(201);
  const id = asked.json().id as string;
  expect((await admin.post(`/api/admin/withdrawals/${id}/approve`, FINAL)).statusCode).toBe(200);
  return { c, id, wallet };
}

const rowOf = async (id: string) =>
  (await test.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const transfersFor = (id: string) => fake.transfers.filter((t) => t.comment === id);

describe("withdrawals paid through toncenter (TEP-74 jetton transfer from the hot wallet)", () => {
  it("approve sends exactly one signed jetton transfer; confirmed by the chain → completed", async () => {
    const { c, id, wallet } = await approvedWithdrawal("30");
    await processPayouts(workerDeps());
    expect(fake.refused).toEqual([]);
    const [sent, ...others] = transfersFor(id);
    expect(others).toHaveLength(0);
    expect(sent!.amount).toBe(30_000_000_000n); // 9 decimals
    expect(sent!.destination.toRawString()).toBe(wallet.address);
    expect(sent!.responseDestination.toRawString()).toBe(hotAddress);
    expect(sent!.queryId).toBe(payoutQueryId(id));
    expect(sent!.forwardTonAmount).toBeGreaterThan(0n);
    expect(sent!.attachedNano).toBe(50_000_000n);
    expect(sent!.seqno).toBe(0); // the first payout deploys the hot wallet
    await processPayouts(workerDeps());
    const done = (await c.get("/api/withdrawals")).json().items[0];
    expect(done).toMatchObject({ id, status: "completed" });
    expect(done.txHash).toBe(Buffer.from(sent!.hash, "base64").toString("hex"));
    expect(done.explorerUrl).toBe(`https://testnet.tonviewer.com/transaction/${done.txHash}`);
    expect((await c.get("/api/withdrawals")).json().limits.balance).toBe("70.000000000");
    // More runs send nothing more.
    await processPayouts(workerDeps());
    expect(transfersFor(id)).toHaveLength(1);
  });

  it("a crash between send and confirm is reconciled after a restart without a second send", async () => {
    const { c, id } = await approvedWithdrawal("31");
    const real = test.shop.deps.chain;
    const crashing: Chain = {
      ...real,
      sendPayout: async (request) => {
        await real.sendPayout(request);
        throw new Error("worker crashed");
      },
    };
    await processPayouts(workerDeps(crashing));
    expect(await rowOf(id)).toMatchObject({ payoutState: "sending", payoutId: null });
    expect(transfersFor(id)).toHaveLength(1);
    test.clock.advance(61_000);
    const restarted = restartedChain();
    await processPayouts(workerDeps(restarted));
    await processPayouts(workerDeps(restarted));
    expect(await rowOf(id)).toMatchObject({ status: "completed", payoutAttempts: 2 });
    expect(transfersFor(id)).toHaveLength(1);
    expect(fake.refused).toEqual([]);
    expect((await c.get("/api/withdrawals")).json().limits.balance).toBe("69.000000000");
  });

  it("the API failing: retried after the lease, sent once", async () => {
    const { id } = await approvedWithdrawal("32");
    fake.down = true;
    await processPayouts(workerDeps());
    fake.down = false;
    expect(transfersFor(id)).toHaveLength(0);
    expect(await rowOf(id)).toMatchObject({ status: "processing", payoutState: "sending" });
    // Within the lease nobody asks again.
    await processPayouts(workerDeps());
    expect(transfersFor(id)).toHaveLength(0);
    test.clock.advance(61_000);
    await processPayouts(workerDeps());
    await processPayouts(workerDeps());
    expect(transfersFor(id)).toHaveLength(1);
    expect((await rowOf(id)).status).toBe("completed");
  });

  it("the chain took the message but the answer got lost: found again, never sent twice", async () => {
    const { id } = await approvedWithdrawal("33");
    fake.loseNextAnswer = true;
    await processPayouts(workerDeps());
    expect(transfersFor(id)).toHaveLength(1);
    expect((await rowOf(id)).payoutState).toBe("sending");
    test.clock.advance(61_000);
    await processPayouts(workerDeps());
    await processPayouts(workerDeps());
    expect(transfersFor(id)).toHaveLength(1);
    expect(fake.refused).toEqual([]);
    expect((await rowOf(id)).status).toBe("completed");
  });

  it("a transfer bounced by the jetton wallet fails the withdrawal and refunds it", async () => {
    const { c, id } = await approvedWithdrawal("34");
    fake.bounceNext = true;
    await processPayouts(workerDeps());
    await processPayouts(workerDeps());
    expect(transfersFor(id)).toHaveLength(0);
    expect(await rowOf(id)).toMatchObject({ status: "failed" });
    expect((await c.get("/api/withdrawals")).json().limits.balance).toBe("100.000000000");
  });

  it("two approved withdrawals in one run: both paid, each once, with consecutive seqnos", async () => {
    const first = await approvedWithdrawal("35");
    const second = await approvedWithdrawal("36");
    await processPayouts(workerDeps());
    await processPayouts(workerDeps());
    expect(transfersFor(first.id)).toHaveLength(1);
    expect(transfersFor(second.id)).toHaveLength(1);
    expect(transfersFor(second.id)[0]!.seqno).toBe(transfersFor(first.id)[0]!.seqno + 1);
    expect((await rowOf(first.id)).status).toBe("completed");
    expect((await rowOf(second.id)).status).toBe("completed");
    expect(fake.refused).toEqual([]);
  });
});
