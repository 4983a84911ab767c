// Withdrawals paid by TON's own contracts (issue 37 point 1, decision 0068): the hot wallet is a
// real wallet v4R2 (the code @ton/ton ships) and FRE a real TEP-74 jetton (the reference
// Jetton 2.0 code), executed by @ton/sandbox's TVM behind toncenter v3. FRE's own driver
// (toncenter-payouts.ts) signs, FRE's own reader confirms, the database and the withdrawal
// service are the real ones; only the chain is the emulator.

import { parseFre } from "@fre/shared";
import { Address, type Cell, loadMessage, toNano } from "@ton/core";
import { mnemonicNew, mnemonicToPrivateKey } from "@ton/crypto";
import {
  compareTransaction,
  filterTransactions,
  findTransactionRequired,
  flattenTransaction,
} from "@ton/test-utils";
import { WalletContractV4 } from "@ton/ton";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { JETTON_TRANSFER_OP, parseJettonTransfer } from "../src/adapters/chain/jetton-transfer.ts";
import { toncenterChain } from "../src/adapters/chain/toncenter-chain.ts";
import {
  parseWalletV4Transfer,
  payoutQueryId,
  toncenterPayouts,
} from "../src/adapters/chain/toncenter-payouts.ts";
import { tonWallets, withdrawals } from "../src/db/schema/index.ts";
import { fr } from "../src/i18n/fr.ts";
import type { Chain } from "../src/modules/ton/chain.ts";
import { processPayouts } from "../src/modules/withdrawals/withdrawal-payouts.ts";
import {
  type Client,
  crashAfterSend,
  elevatedAdmin,
  expectLedgerBalanced,
  metricLines,
} from "./helpers.ts";
import { useSandboxApp } from "./sandbox-helpers.ts";
import { payoutWorkerDeps, requestWithdrawal } from "./ton-helpers.ts";
import {
  JETTON_MINTER_CODE,
  JETTON_WALLET_CODE,
  JETTON_WALLET_LIBRARY,
  PUBLISHED_JETTON_MINTER_CODE_HASH,
  PUBLISHED_JETTON_WALLET_CODE_HASH,
  type SandboxToncenter,
} from "./ton-sandbox.ts";
import { newWithdrawer } from "./withdrawal-helpers.ts";

const TRANSFER_NOTIFICATION_OP = 0x7362d09c;
const EXCESSES_OP = 0xd53276db;
/** What FRE attaches and forwards (toncenter-payouts.ts defaults). */
const FORWARD_TON = 1n;

let sandbox: SandboxToncenter;
let admin: Client;
let secondAdmin: Client;
let mnemonic: string;
let hot: Address;

const app = useSandboxApp(async (started) => {
  sandbox = started;
  const words = await mnemonicNew(24);
  mnemonic = words.join(" ");
  const keys = await mnemonicToPrivateKey(words);
  hot = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }).address;
  // The hot wallet is funded but not deployed: FRE's first payout deploys it.
  await sandbox.fund(hot, toNano("10"));
  await sandbox.mint(hot, parseFre("10000"));
  const shop = await sandbox.blockchain.treasury("fre-shop");
  return {
    config: {
      TON_API_URL: sandbox.url,
      SHOP_RECEIVE_ADDRESS: shop.address.toRawString(),
      TON_HOT_WALLET_MNEMONIC: mnemonic,
      FRE_JETTON_MASTER: sandbox.minter.toRawString(),
    },
  };
});

beforeAll(async () => {
  admin = (await elevatedAdmin(app(), "sbboss")).client;
  secondAdmin = (await elevatedAdmin(app(), "sbboss2")).client;
});

const run = (chain?: Chain) => processPayouts(payoutWorkerDeps(app(), chain));
/** What a restarted server builds: the same configuration, nothing in memory. */
const restartedChain = () =>
  toncenterChain(sandbox.url, fetch, {
    payouts: toncenterPayouts({
      baseUrl: sandbox.url,
      mnemonic,
      jettonMaster: sandbox.minter.toRawString(),
      clock: app().clock,
    }),
  });

/** A verified user with approved KYC, a ton_proof wallet and 100 FRE (or `credit`). */
async function approvedWithdrawal(
  amount: string,
  options: { credit?: string; fourEyes?: boolean } = {},
) {
  const { client: c, me, wallet } = await newWithdrawer(app(), "sbwd", options.credit ?? "100");
  return {
    c,
    me,
    wallet,
    owner: Address.parse(wallet.address),
    approve: () => ask(c, amount, options.fourEyes),
  };
}

/** Asks and approves as the admins' dialog does: above the four-eyes threshold, by two admins. */
async function ask(c: Client, amount: string, fourEyes = false) {
  const asked = await requestWithdrawal(app(), c, amount);
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().id as string;
  const url = `/api/admin/withdrawals/${id}/approve`;
  if (fourEyes) {
    const first = await admin.post(url, { expect: "first" });
    expect(first.statusCode, first.body).toBe(200);
  }
  const approved = await (fourEyes ? secondAdmin : admin).post(url, { expect: "final" });
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

/**
 * Runs `steps` with the app's chain reading no hot wallet balances: a drain between the reading
 * and the send, which the chain's own refusal (a bounce, nothing forwarded) must still catch.
 */
async function unwatched<T>(steps: () => Promise<T>) {
  const chain = app().shop.deps.chain;
  const read = chain.hotWalletBalances;
  chain.hotWalletBalances = undefined;
  try {
    return await steps();
  } finally {
    chain.hotWalletBalances = read;
  }
}

const tonOf = async (address: Address) => (await sandbox.blockchain.getContract(address)).balance;

const rowOf = async (id: string) =>
  (await app().db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const balanceOf = async (c: Client) => (await c.get("/api/withdrawals")).json().limits.balance;

/** A TEP-74 message body (op, query_id, …) of this withdrawal's query id. */
const queryIdIs = (id: string) => (body: Cell | undefined) => {
  const slice = body?.beginParse();
  if (!slice || slice.remainingBits < 96) return false;
  slice.skip(32);
  return slice.loadUintBig(64) === payoutQueryId(id);
};

/** The jetton transfers the hot wallet's jetton wallet executed for a withdrawal. */
async function transfersOf(id: string) {
  const hotJetton = await sandbox.jettonWalletOf(hot);
  return filterTransactions(sandbox.transactions, {
    from: hot,
    to: hotJetton,
    op: JETTON_TRANSFER_OP,
    body: queryIdIs(id),
  }).map((tx) => ({ tx, transfer: parseJettonTransfer(tx.inMessage!.body) }));
}

/** The bounce of a withdrawal's transfer, back at the hot wallet from its jetton wallet. */
async function bounceOf(id: string) {
  const hotJetton = await sandbox.jettonWalletOf(hot);
  return filterTransactions(sandbox.transactions, {
    from: hotJetton,
    to: hot,
    inMessageBounced: true,
    body: (body) => {
      const slice = body?.beginParse();
      return slice?.loadUint(32) === 0xffffffff && queryIdIs(id)(slice.asCell());
    },
  });
}

/** The seqnos of every external message the hot wallet was sent (executed or not). */
const signedSeqnos = () =>
  sandbox.posted
    .map((boc) => loadMessage(boc.beginParse()))
    .filter((m) => m.info.type === "external-in" && m.info.dest.equals(hot))
    .map((m) => parseWalletV4Transfer(m.body).seqno);

describe("the standard jetton's code", () => {
  it("is the published TEP-74 reference (Jetton 2.0) by its code hash", () => {
    expect(JETTON_WALLET_CODE.hash().toString("hex")).toBe(PUBLISHED_JETTON_WALLET_CODE_HASH);
    expect(JETTON_MINTER_CODE.hash().toString("hex")).toBe(PUBLISHED_JETTON_MINTER_CODE_HASH);
  });
});

describe("withdrawals executed by the real wallet and jetton contracts", () => {
  it("pays exactly the amount: the body, the response address and the forward amount are FRE's", async () => {
    const user = await approvedWithdrawal("30");
    const id = await user.approve();
    const hotBefore = await sandbox.jettonBalance(hot);
    const tonBefore = await tonOf(hot);
    await run();
    await run();
    // Its real fee, from the executed transactions: exactly what the hot wallet's TON went down
    // by (its deployment, its message, the excess's receipt; decision 0070).
    const fee = (await rowOf(id)).payoutFeeNano;
    expect(fee).toBe(tonBefore - (await tonOf(hot)));
    expect(fee).toBeGreaterThan(0n);
    expect(fee).toBeLessThan(50_000_000n);
    // The recipient's jetton wallet holds exactly the withdrawal's amount (9 decimals).
    expect(await sandbox.jettonBalance(user.owner)).toBe(30_000_000_000n);
    expect(await sandbox.jettonBalance(hot)).toBe(hotBefore - 30_000_000_000n);
    const [sent, ...more] = await transfersOf(id);
    expect(more).toHaveLength(0);
    expect(sent!.transfer).toMatchObject({
      queryId: payoutQueryId(id),
      amount: 30_000_000_000n,
      forwardTonAmount: FORWARD_TON,
      comment: id,
    });
    expect(sent!.transfer.destination.equals(user.owner)).toBe(true);
    expect(sent!.transfer.responseDestination.equals(hot)).toBe(true);
    // The recipient's wallet was told, with FRE's forward amount and comment; the excess came
    // back to the hot wallet with FRE's query id.
    const notified = findTransactionRequired(sandbox.transactions, {
      to: user.owner,
      op: TRANSFER_NOTIFICATION_OP,
      body: queryIdIs(id),
    });
    expect(flattenTransaction(notified).value).toBe(FORWARD_TON);
    const note = notified.inMessage!.body.beginParse();
    note.skip(32);
    expect(note.loadUintBig(64)).toBe(payoutQueryId(id));
    expect(note.loadCoins()).toBe(30_000_000_000n);
    expect(note.loadAddress().equals(hot)).toBe(true);
    const payload = note.loadBit() ? note.loadRef().beginParse() : note;
    expect(payload.loadUint(32)).toBe(0);
    expect(payload.loadStringTail()).toBe(id);
    findTransactionRequired(sandbox.transactions, {
      to: hot,
      op: EXCESSES_OP,
      body: queryIdIs(id),
      success: true,
    });
    // FRE's reader confirmed it from the emulated transactions: the hot wallet's own one, the
    // external message whose out message is this transfer.
    const transferBody = sent!.tx.inMessage!.body;
    const hotTx = sandbox.transactions.find(
      (tx) =>
        tx.inMessage?.info.type === "external-in" &&
        tx.outMessages.values().some((m) => m.body.equals(transferBody)),
    );
    expect(compareTransaction(flattenTransaction(hotTx!), { on: hot, success: true })).toBe(true);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "completed", txHash: hotTx!.hash().toString("hex") });
    expect(await balanceOf(user.c)).toBe("70.000000000");
    await run();
    expect(await transfersOf(id)).toHaveLength(1);
    // What executed is what the issue names: the hot wallet is @ton/ton's v4R2 code, deployed by
    // FRE's first payout; both jetton wallets run the standard's code, as a library.
    const codeOf = async (address: Address) => {
      const state = (await sandbox.blockchain.getContract(address)).accountState;
      return state?.type === "active" ? state.state.code : null;
    };
    const v4 = WalletContractV4.create({ workchain: 0, publicKey: Buffer.alloc(32) }).init.code;
    expect((await codeOf(hot))?.equals(v4)).toBe(true);
    for (const owner of [hot, user.owner]) {
      const code = await codeOf(await sandbox.jettonWalletOf(owner));
      expect(code?.equals(JETTON_WALLET_LIBRARY)).toBe(true);
    }
  });

  it("hot wallet drained of FRE after its reading: the jetton wallet bounces it → failed, refunded once", async () => {
    const user = await approvedWithdrawal("15000", { credit: "20000", fourEyes: true });
    const id = await unwatched(async () => {
      const approved = await user.approve();
      await run();
      await run();
      return approved;
    });
    // The hot wallet's jetton wallet refused it (not enough balance) and bounced it back.
    const [refused, ...more] = await transfersOf(id);
    expect(more).toHaveLength(0);
    expect(flattenTransaction(refused!.tx)).toMatchObject({ aborted: true, success: false });
    expect(await bounceOf(id)).toHaveLength(1);
    expect(await sandbox.jettonBalance(user.owner)).toBe(0n);
    expect(await rowOf(id)).toMatchObject({ status: "failed" });
    await run();
    await run();
    expect(await balanceOf(user.c)).toBe("20000.000000000");
  });

  it("a recipient the jetton refuses (a masterchain wallet) → failed, refunded once", async () => {
    const user = await approvedWithdrawal("31");
    // FRE links basechain wallets only (ton_proof): the row is written here to stand for a
    // destination the standard jetton wallet refuses (Jetton 2.0 pays the basechain only).
    const masterchain = `-1:${user.owner.hash.toString("hex")}`;
    await app()
      .db.update(tonWallets)
      .set({ address: masterchain })
      .where(eq(tonWallets.userId, user.me.id));
    const id = await user.approve();
    await run();
    await run();
    const [refused] = await transfersOf(id);
    expect(
      refused!.tx.description.type === "generic" &&
        refused!.tx.description.computePhase.type === "vm" &&
        refused!.tx.description.computePhase.exitCode,
    ).toBe(333); // the jetton wallet's wrong_workchain
    expect(await bounceOf(id)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "failed" });
    await run();
    expect(await balanceOf(user.c)).toBe("100.000000000");
  });

  it("hot wallet drained of TON after its reading: nothing forwarded → failed, refunded once", async () => {
    const user = await approvedWithdrawal("32");
    const id = await user.approve();
    const contract = await sandbox.blockchain.getContract(hot);
    const kept = contract.balance;
    contract.balance = toNano("0.03"); // pays the wallet's own gas, not the 0.05 TON attached
    try {
      await unwatched(async () => {
        await run();
        await run();
      });
    } finally {
      contract.balance += kept;
    }
    expect(await transfersOf(id)).toHaveLength(0);
    expect(await sandbox.jettonBalance(user.owner)).toBe(0n);
    expect(await rowOf(id)).toMatchObject({ status: "failed" });
    await run();
    expect(await balanceOf(user.c)).toBe("100.000000000");
  });

  it("two payouts prepared at once never share a seqno, across a restart too", async () => {
    sandbox.queue = true;
    try {
      const first = await approvedWithdrawal("33");
      const second = await approvedWithdrawal("34");
      const third = await approvedWithdrawal("35");
      const ids = [await first.approve(), await second.approve()];
      const before = signedSeqnos().length;
      await run(); // the first is signed; the second waits for it to land
      expect(signedSeqnos().length - before).toBe(1);
      // A restarted server (nothing in memory) while the first is still in flight.
      ids.push(await third.approve());
      await run(restartedChain());
      expect(signedSeqnos().length - before).toBe(1);
      for (let i = 0; i < 6; i += 1) {
        await sandbox.block();
        app().clock.advance(61_000);
        await run(restartedChain());
      }
      const seqnos = signedSeqnos().slice(before);
      expect(new Set(seqnos).size).toBe(seqnos.length);
      expect(sandbox.dropped).toEqual([]);
      for (const [user, id, amount] of [
        [first, ids[0]!, 33_000_000_000n],
        [second, ids[1]!, 34_000_000_000n],
        [third, ids[2]!, 35_000_000_000n],
      ] as const) {
        expect(await rowOf(id)).toMatchObject({ status: "completed" });
        expect(await sandbox.jettonBalance(user.owner)).toBe(amount);
        expect(await transfersOf(id)).toHaveLength(1);
      }
    } finally {
      sandbox.queue = false;
    }
  });

  it("a message past its valid_until that never executed is re-sent with a new seqno, paid once", async () => {
    const lostUser = await approvedWithdrawal("36");
    const otherUser = await approvedWithdrawal("37");
    const lostId = await lostUser.approve();
    sandbox.loseNext = 1;
    await run();
    const [lost] = sandbox.lost.slice(-1);
    const lostSeqno = parseWalletV4Transfer(loadMessage(lost!.beginParse()).body).seqno;
    expect(await rowOf(lostId)).toMatchObject({ status: "processing", payoutState: "sent" });
    // Still within its validity: it may land, so nothing else is signed at its seqno.
    const otherId = await otherUser.approve();
    await run();
    expect(await rowOf(otherId)).toMatchObject({ payoutState: "sending" });
    app().clock.advance(91_000); // past valid_until (60 s) and the allowed skew (30 s)
    await run(); // the other one takes the seqno; the lost one is queued again
    await run(); // the lost one, signed anew at the next seqno
    await run();
    expect(await rowOf(lostId)).toMatchObject({ status: "completed" });
    expect(await rowOf(otherId)).toMatchObject({ status: "completed" });
    const [paid, ...twice] = await transfersOf(lostId);
    expect(twice).toHaveLength(0);
    const paidSeqno = parseWalletV4Transfer(
      sandbox.transactions.find((tx) =>
        tx.outMessages.values().some((m) => m.body.equals(paid!.tx.inMessage!.body)),
      )!.inMessage!.body,
    ).seqno;
    expect(paidSeqno).toBeGreaterThan(lostSeqno);
    // The lost message delivered late (a relay kept it): the wallet refuses it.
    await sandbox.execute(lost!).then(
      () => expect.unreachable("an expired message executed"),
      () => undefined,
    );
    expect(await sandbox.jettonBalance(lostUser.owner)).toBe(36_000_000_000n);
    expect(await sandbox.jettonBalance(otherUser.owner)).toBe(37_000_000_000n);
    expect(await balanceOf(lostUser.c)).toBe("64.000000000");
  });

  it("the worker killed between the send and its record: reconciled after a restart, never paid twice", async () => {
    sandbox.queue = true;
    try {
      for (const lands of [true, false]) {
        const user = await approvedWithdrawal("38");
        const id = await user.approve();
        const real = app().shop.deps.chain;
        // Killed right after the message left, whichever way the worker sends (one payout, or
        // a batch: decision 0075).
        const killed = crashAfterSend(real, "worker killed");
        await run(killed);
        expect(await rowOf(id)).toMatchObject({ payoutState: "sending" });
        // The message lands before the restart, or waits in the network until it expired.
        if (lands) await sandbox.block();
        app().clock.advance(61_000);
        if (!lands) await sandbox.block();
        for (let i = 0; i < 4; i += 1) {
          await run(restartedChain());
          await sandbox.block();
          app().clock.advance(61_000);
        }
        await run(restartedChain());
        expect(await rowOf(id)).toMatchObject({ status: "completed" });
        expect(await transfersOf(id)).toHaveLength(1);
        expect(await sandbox.jettonBalance(user.owner)).toBe(38_000_000_000n);
        expect(await balanceOf(user.c)).toBe("62.000000000");
      }
    } finally {
      sandbox.queue = false;
    }
  });
});

/** The external message (wallet v4R2) the hot wallet was sent last, as it reads it. */
const lastSigned = () => {
  const message = loadMessage(sandbox.posted.at(-1)!.beginParse());
  return parseWalletV4Transfer(message.body);
};

describe("payouts batched on the real wallet (issue 37 point 3, decision 0075)", () => {
  it("a batch where one transfer bounces: one message for four, only that withdrawal failed and refunded once", async () => {
    const payees = [
      await approvedWithdrawal("41"),
      await approvedWithdrawal("42"),
      await approvedWithdrawal("43"),
      await approvedWithdrawal("44"),
    ];
    // The third's destination is one the standard jetton wallet refuses (a masterchain wallet:
    // Jetton 2.0 pays the basechain only, exit 333), written as in the test above.
    const refused = payees[2]!;
    await app()
      .db.update(tonWallets)
      .set({ address: `-1:${refused.owner.hash.toString("hex")}` })
      .where(eq(tonWallets.userId, refused.me.id));
    const ids: string[] = [];
    for (const payee of payees) ids.push(await payee.approve());
    const before = signedSeqnos().length;
    await run();
    await run();
    // One external message, one seqno, four jetton transfers (wallet v4R2's limit).
    expect(signedSeqnos().length - before).toBe(1);
    expect(lastSigned().messages).toHaveLength(4);
    for (const id of ids) expect(await transfersOf(id)).toHaveLength(1);
    expect(await bounceOf(ids[2]!)).toHaveLength(1);
    for (const [index, id] of ids.entries()) {
      expect(await rowOf(id)).toMatchObject({ status: index === 2 ? "failed" : "completed" });
    }
    // More runs change nothing: refunded once, the others paid once.
    await run();
    await run();
    for (const [index, payee] of payees.entries()) {
      const amount = BigInt(41 + index) * 1_000_000_000n;
      expect(await sandbox.jettonBalance(payee.owner)).toBe(index === 2 ? 0n : amount);
      expect(await balanceOf(payee.c)).toBe(
        index === 2 ? "100.000000000" : `${100 - 41 - index}.000000000`,
      );
      expect(await transfersOf(ids[index]!)).toHaveLength(1);
    }
    expect(await rowOf(ids[2]!)).toMatchObject({ status: "failed" });
    await expectLedgerBalanced(app());
  });

  it("a crash mid-batch — while its payout ids were written, then after its message left: never paid twice", async () => {
    sandbox.queue = true;
    try {
      const payees = [
        await approvedWithdrawal("45"),
        await approvedWithdrawal("46"),
        await approvedWithdrawal("47"),
        await approvedWithdrawal("48"),
      ];
      const ids: string[] = [];
      for (const payee of payees) ids.push(await payee.approve());
      const droppedBefore = sandbox.dropped.length;
      const postedBefore = sandbox.posted.length;
      // 1. Killed while the batch's payout ids were being written: two of four, nothing sent.
      const real = app().shop.deps.chain;
      let written = 0;
      const killedWhileWriting: Chain = {
        ...real,
        sendPayouts: (requests) =>
          real.sendPayouts!(
            requests.map((request) => ({
              ...request,
              beforeSend: async (payoutId: string) => {
                if (written === 2) throw new Error("worker killed");
                written += 1;
                await request.beforeSend?.(payoutId);
              },
            })),
          ),
      };
      await run(killedWhileWriting);
      expect(sandbox.posted.length).toBe(postedBefore);
      const rows = await Promise.all(ids.map(rowOf));
      expect(rows.map((row) => row.payoutState)).toEqual([
        "sending",
        "sending",
        "sending",
        "sending",
      ]);
      expect(rows.filter((row) => row.payoutId !== null)).toHaveLength(2);
      // 2. Restarted: the ids written could still be a message in flight, so nothing is signed
      // at their seqno until they expired (valid_until and the skew). Then the two never
      // written are signed together (the other two are still leased by the run that waited),
      // and the worker is killed again right after the message left.
      app().clock.advance(61_000);
      await run(restartedChain());
      expect(sandbox.posted.length).toBe(postedBefore);
      app().clock.advance(30_000);
      const restarted = restartedChain();
      let killed = false;
      const killedAfterSend: Chain = {
        ...restarted,
        sendPayouts: async (requests) => {
          const answers = await restarted.sendPayouts!(requests);
          if (!killed && answers.some((answer) => "payoutId" in answer)) {
            killed = true;
            throw new Error("worker killed");
          }
          return answers;
        },
      };
      await run(killedAfterSend);
      expect(killed).toBe(true);
      expect(sandbox.posted.length).toBe(postedBefore + 1);
      expect(lastSigned().messages).toHaveLength(2);
      for (const id of ids) expect(await rowOf(id)).toMatchObject({ payoutState: "sending" });
      // 3. The message lands; restarted again, the worker finds those two on the chain and
      // signs the other two in the next message.
      for (let i = 0; i < 4; i += 1) {
        await sandbox.block();
        app().clock.advance(61_000);
        await run(restartedChain());
      }
      expect(sandbox.posted.length).toBe(postedBefore + 2);
      expect(sandbox.dropped.length).toBe(droppedBefore);
      for (const [index, payee] of payees.entries()) {
        expect(await rowOf(ids[index]!)).toMatchObject({ status: "completed" });
        expect(await transfersOf(ids[index]!)).toHaveLength(1);
        expect(await sandbox.jettonBalance(payee.owner)).toBe(BigInt(45 + index) * 1_000_000_000n);
        expect(await balanceOf(payee.c)).toBe(`${100 - 45 - index}.000000000`);
      }
    } finally {
      sandbox.queue = false;
    }
  });
});

const gauge = async (name: string) => {
  const [line] = await metricLines(app(), `${name} `);
  return line === undefined ? null : Number(line.split(" ")[1]);
};

describe("the hot wallet watched on the real contracts (decision 0070)", () => {
  it("empty: withdrawals pause with WITHDRAWALS_UNAVAILABLE, held FRE untouched, and resume once funded", async () => {
    const waiting = await approvedWithdrawal("39");
    const id = await waiting.approve();
    const contract = await sandbox.blockchain.getContract(hot);
    const kept = contract.balance;
    contract.balance = toNano("0.03");
    try {
      await run();
      await run();
      // Nothing signed, nothing refused: the payout waits, its FRE held.
      expect(await transfersOf(id)).toHaveLength(0);
      expect(await rowOf(id)).toMatchObject({ status: "processing", payoutState: "queued" });
      expect((await waiting.c.get("/api/withdrawals")).json().limits).toMatchObject({
        balance: "61.000000000",
        available: false,
      });
      // The metrics say so: the wallet's TON and FRE as the chain holds them, no payout left.
      expect(await gauge("fre_hot_wallet_ton")).toBe(0.03);
      expect(await gauge("fre_hot_wallet_jetton")).toBe(
        Number(await sandbox.jettonBalance(hot)) / 1e9,
      );
      expect(await gauge("fre_hot_wallet_payouts_left")).toBe(0);
      expect(await gauge("fre_payout_fee_ton")).toBeGreaterThan(0);
      const other = await approvedWithdrawal("30");
      const refused = await requestWithdrawal(app(), other.c, "30");
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        error: "WITHDRAWALS_UNAVAILABLE",
        message: fr.errors.WITHDRAWALS_UNAVAILABLE,
      });
      expect(await balanceOf(other.c)).toBe("100.000000000");
      await expectLedgerBalanced(app());
    } finally {
      contract.balance += kept;
    }
    // Funded again: paid once, exactly the amount; requests are taken again.
    await run();
    await run();
    expect(await rowOf(id)).toMatchObject({ status: "completed" });
    expect(await transfersOf(id)).toHaveLength(1);
    expect(await sandbox.jettonBalance(waiting.owner)).toBe(39_000_000_000n);
    expect(await balanceOf(waiting.c)).toBe("61.000000000");
    expect(await gauge("fre_hot_wallet_payouts_left")).toBeGreaterThanOrEqual(100);
    await expectLedgerBalanced(app());
  });
});
