import { mnemonicNew, mnemonicToPrivateKey } from "@ton/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toncenterChain } from "../src/adapters/chain/toncenter-chain.ts";
import { payoutQueryId, toncenterPayouts } from "../src/adapters/chain/toncenter-payouts.ts";
import { withdrawals } from "../src/db/schema/index.ts";
import { fr } from "../src/i18n/fr.ts";
import type { Chain } from "../src/modules/ton/chain.ts";
import { walletV4R2 } from "../src/modules/ton/wallet-v4.ts";
import { processPayouts } from "../src/modules/withdrawals/withdrawal-payouts.ts";
import {
  type Client,
  crashAfterSend,
  createTestApp,
  elevatedAdmin,
  expectLedgerBalanced,
  metricLines,
  type TestApp,
} from "./helpers.ts";
import { payoutWorkerDeps, requestWithdrawal } from "./ton-helpers.ts";
import { FAKE_FEES, startToncenterFake, type ToncenterFake } from "./toncenter-fake.ts";
import { newWithdrawer } from "./withdrawal-helpers.ts";

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

/** What a payout costs the hot wallet on the fake: its fees and the 0.05 TON not sent back. */
const FEE_PER_PAYOUT =
  FAKE_FEES.wallet + 50_000_000n + FAKE_FEES.forward - (30_000_000n - FAKE_FEES.excess);

/** A verified user with approved KYC, a ton_proof wallet and 100 FRE. */
async function kycUser() {
  const { client: c, wallet } = await newWithdrawer(test, "tcwd", "100");
  return { c, wallet };
}

async function approvedWithdrawal(amount = "30") {
  const { c, wallet } = await kycUser();
  const asked = await requestWithdrawal(test, c, amount);
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
    // Its real cost, read from the executed transactions (decision 0070).
    expect((await rowOf(id)).payoutFeeNano).toBe(FEE_PER_PAYOUT);
    // More runs send nothing more.
    await processPayouts(workerDeps());
    expect(transfersFor(id)).toHaveLength(1);
  });

  it("a crash between send and confirm is reconciled after a restart without a second send", async () => {
    const { c, id } = await approvedWithdrawal("31");
    const real = test.shop.deps.chain;
    // Crashed right after the message left, one payout or a batch (decision 0075).
    const crashing = crashAfterSend(real, "worker crashed");
    await processPayouts(workerDeps(crashing));
    // The signed message's id was recorded before it left (decision 0068).
    expect(await rowOf(id)).toMatchObject({
      payoutState: "sending",
      payoutId: expect.stringMatching(/^tc1:/),
    });
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

  it("two approved withdrawals in one run: one signed message carries both (decision 0075), each paid once", async () => {
    const first = await approvedWithdrawal("35");
    const second = await approvedWithdrawal("36");
    const seqnoBefore = fake.seqno;
    await processPayouts(workerDeps());
    await processPayouts(workerDeps());
    expect(transfersFor(first.id)).toHaveLength(1);
    expect(transfersFor(second.id)).toHaveLength(1);
    // v4R2 takes up to 4 messages per seqno: both at the same one, the wallet's seqno up by one.
    expect(transfersFor(second.id)[0]!.seqno).toBe(transfersFor(first.id)[0]!.seqno);
    expect(fake.seqno).toBe(seqnoBefore + 1);
    expect((await rowOf(first.id)).status).toBe("completed");
    expect((await rowOf(second.id)).status).toBe("completed");
    expect(fake.refused).toEqual([]);
  });
});

const gauge = async (name: string) => {
  const [line] = await metricLines(test, `${name} `);
  return line === undefined ? null : Number(line.split(" ")[1]);
};

describe("the hot wallet watched (decision 0070)", () => {
  it("exposes its TON and FRE, the recent real fee and the payouts they still pay", async () => {
    // Read at most every 30 s: a scrape after the worker's own reading.
    await processPayouts(workerDeps());
    expect(await gauge("fre_hot_wallet_ton")).toBe(Number(fake.hotTonNano) / 1e9);
    expect(await gauge("fre_hot_wallet_jetton")).toBe(Number(fake.hotJettonNano) / 1e9);
    // The recent payouts' real fees (decision 0070): a batch shares its wallet transaction's
    // fee (decision 0075), so the payouts paid together above cost less than FEE_PER_PAYOUT.
    const paid = await test.db
      .select({ fee: withdrawals.payoutFeeNano })
      .from(withdrawals)
      .where(eq(withdrawals.status, "completed"));
    const fees = paid.map((row) => row.fee!);
    const sharedFee = FEE_PER_PAYOUT - FAKE_FEES.wallet / 2n;
    expect(fees).toContain(FEE_PER_PAYOUT);
    expect(fees).toContain(sharedFee);
    const recentFee =
      (2n * fees.reduce((sum, fee) => sum + fee, 0n) + BigInt(fees.length)) /
      (2n * BigInt(fees.length));
    expect(await gauge("fre_payout_fee_ton")).toBe(Number(recentFee) / 1e9);
    // TON: one payout's 0.1 TON at send time, then the recent fee each; FRE: plenty.
    const byTon = (fake.hotTonNano - 100_000_000n) / recentFee + 1n;
    expect(await gauge("fre_hot_wallet_payouts_left")).toBe(Number(byTon));
  });

  it("empty: requests answer WITHDRAWALS_UNAVAILABLE, approved payouts wait with their FRE held, then resume once funded", async () => {
    const waiting = await approvedWithdrawal("40");
    const sentBefore = fake.transfers.length;
    const ton = fake.hotTonNano;
    const fre = fake.hotJettonNano;
    fake.hotTonNano = 90_000_000n; // under the 0.1 TON one payout takes when it is sent
    try {
      for (let i = 0; i < 3; i += 1) {
        expect(await processPayouts(workerDeps())).toMatchObject({ sent: 0, paused: 1 });
        test.clock.advance(61_000);
      }
      expect(fake.transfers).toHaveLength(sentBefore);
      expect(await rowOf(waiting.id)).toMatchObject({
        status: "processing",
        payoutState: "queued",
      });
      // Held, not refused one by one nor refunded.
      expect((await waiting.c.get("/api/withdrawals")).json().limits).toMatchObject({
        balance: "60.000000000",
        available: false,
      });
      expect(await gauge("fre_hot_wallet_payouts_left")).toBe(0);
      const other = await kycUser();
      const refused = await requestWithdrawal(test, other.c, "30");
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        error: "WITHDRAWALS_UNAVAILABLE",
        message: fr.errors.WITHDRAWALS_UNAVAILABLE,
      });
      expect((await other.c.get("/api/withdrawals")).json().limits.balance).toBe("100.000000000");
      // Out of FRE too (TON back): a payout larger than what it holds waits as well.
      fake.hotTonNano = ton;
      fake.hotJettonNano = 39_000_000_000n;
      expect(await processPayouts(workerDeps())).toMatchObject({ sent: 0, paused: 1 });
    } finally {
      fake.hotTonNano = ton;
      fake.hotJettonNano = fre;
    }
    // Funded: the waiting payout goes, once; requests are taken again.
    await processPayouts(workerDeps());
    await processPayouts(workerDeps());
    expect(await rowOf(waiting.id)).toMatchObject({ status: "completed" });
    expect(transfersFor(waiting.id)).toHaveLength(1);
    const again = await kycUser();
    expect((await requestWithdrawal(test, again.c, "30")).statusCode).toBe(201);
  });
});
