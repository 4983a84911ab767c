// The payout driver's look-back bounded by what can be on the chain (issue 37, decision 0078):
// a W5 hot wallet on @ton/sandbox's TVM, FRE's own worker and driver, the history search limited
// to 1 page of 100 transactions. A withdrawal approved long ago that waited (the hot wallet short
// of FRE) while more than 100 of the hot wallet's transactions landed is still paid once it can
// be — never signed, it needs no history search — and, signed then the worker killed, it is
// reconciled from its first signing, never paid twice.

import { randomBytes, randomUUID } from "node:crypto";
import { parseFre } from "@fre/shared";
import { Address, toNano } from "@ton/core";
import { mnemonicNew, mnemonicToPrivateKey } from "@ton/crypto";
import { WalletContractV5R1 } from "@ton/ton";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { JETTON_TRANSFER_OP } from "../src/adapters/chain/jetton-transfer.ts";
import { toncenterChain } from "../src/adapters/chain/toncenter-chain.ts";
import {
  HotWalletNotSyncedError,
  payoutQueryId,
  toncenterPayouts,
} from "../src/adapters/chain/toncenter-payouts.ts";
import { users, withdrawals } from "../src/db/schema/index.ts";
import { widenRestoredPayoutLookBack } from "../src/lib/backup/backup.repo.ts";
import { credit, hold, release } from "../src/modules/ledger/ledger.ts";
import type { Chain } from "../src/modules/ton/chain.ts";
import { PAYOUT_LEASE_MS, processPayouts } from "../src/modules/withdrawals/withdrawal-payouts.ts";
import { crashAfterSend } from "./helpers.ts";
import { useSandboxApp } from "./sandbox-helpers.ts";
import { payoutWorkerDeps } from "./ton-helpers.ts";
import type { SandboxToncenter } from "./ton-sandbox.ts";

/** Pages of 100 transactions the driver reads at most (20 in production). */
const MAX_PAGES = 1;
/** Payouts per signed message: three messages then hold more than MAX_PAGES × 100 transactions. */
const BATCH = 40;
const EARLIER = 3 * BATCH;
const BLOCK_MS = 5_000;

let sandbox: SandboxToncenter;
let mnemonic: string;
let hot: Address;

const app = useSandboxApp(async (started) => {
  sandbox = started;
  return {};
});

beforeAll(async () => {
  const words = await mnemonicNew(24);
  mnemonic = words.join(" ");
  const { publicKey } = await mnemonicToPrivateKey(words);
  hot = WalletContractV5R1.create({ workchain: 0, publicKey }).address;
  await sandbox.fund(hot, toNano("100"));
  // FRE for the earlier payouts only: the big one waits until the wallet is topped up.
  await sandbox.mint(hot, parseFre("10") * BigInt(EARLIER + 5));
}, 60_000);

/** What a (re)started server builds, its history search cut to MAX_PAGES pages. */
const freshChain = () =>
  toncenterChain(sandbox.url, sandbox.fetch, {
    payouts: toncenterPayouts({
      baseUrl: sandbox.url,
      fetchImpl: sandbox.fetch,
      mnemonic,
      walletKind: "v5r1",
      batchSize: BATCH,
      maxPages: MAX_PAGES,
      jettonMaster: sandbox.minter.toRawString(),
      clock: app().clock,
    }),
  });

/** An approved withdrawal as the admins' approval leaves it: processing, queued, its FRE held. */
async function approved(amount: bigint, at: Date) {
  const userId = randomUUID();
  const recipient = new Address(0, randomBytes(32));
  const id = await app().db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: userId,
      name: "payee",
      email: `payee-${userId.slice(0, 8)}@lookback.local`,
      nickname: `lb${userId.slice(0, 8)}`,
      referralCode: `L${userId.replaceAll("-", "").slice(0, 10)}`,
      kycStatus: "approved",
      emailVerified: true,
    });
    await credit(tx, { userId, kind: "bonus", amountNano: amount, reference: `lb:${userId}`, at });
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId,
        amountNano: amount,
        walletAddress: recipient.toRawString(),
        network: "-3",
        status: "processing",
        payoutState: "queued",
        reviewedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: withdrawals.id });
    await hold(tx, { userId, amountNano: amount, reference: row!.id, at });
    return row!.id;
  });
  return { id, recipient, amount };
}

/** How many times the hot wallet's jetton wallet executed a transfer with this reference. */
async function transfersOf(reference: string) {
  const hotJetton = await sandbox.jettonWalletOf(hot);
  const queryId = payoutQueryId(reference);
  let times = 0;
  for (const tx of sandbox.transactions) {
    const info = tx.inMessage?.info;
    if (info?.type !== "internal" || !info.src.equals(hot) || !info.dest.equals(hotJetton)) {
      continue;
    }
    const slice = tx.inMessage!.body.beginParse();
    if (slice.remainingBits < 96 || slice.loadUint(32) !== JETTON_TRANSFER_OP) continue;
    const d = tx.description;
    const ok =
      d.type === "generic" && !d.aborted && d.computePhase.type === "vm" && d.computePhase.success;
    if (ok && slice.loadUintBig(64) === queryId) times += 1;
  }
  return times;
}

/** The rows' status and payout state, in the order of `ids`. */
async function statusOf(ids: string[]) {
  const rows = await app()
    .db.select({ id: withdrawals.id, status: withdrawals.status, state: withdrawals.payoutState })
    .from(withdrawals)
    .where(inArray(withdrawals.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id));
}

describe("the look-back bounded by the first signing (decision 0078)", () => {
  it("a withdrawal waiting since before more than maxPages × 100 transactions is paid, once", async () => {
    const errors: unknown[] = [];
    const deps = (chain: Chain) => ({
      ...payoutWorkerDeps(app(), chain),
      onPayoutError: (error: unknown) => errors.push(error),
    });
    const clock = app().clock;
    // Approved first, more FRE than the hot wallet holds: it waits, its FRE held.
    const approvedAt = clock.now();
    const waiting = await approved(parseFre("5000"), approvedAt);
    clock.advance(1_000);
    const earlier = [];
    for (let i = 0; i < EARLIER; i += 1) {
      earlier.push(await approved(parseFre("10"), new Date(clock.now().getTime() + i)));
    }
    let chain = freshChain();
    const earlierIds = earlier.map((w) => w.id);
    for (let run = 0; run < 12; run += 1) {
      const done = (await statusOf(earlierIds)).every((row) => row?.status === "completed");
      if (done) break;
      await processPayouts(deps(chain));
      clock.advance(BLOCK_MS);
    }
    expect(errors).toEqual([]);
    expect((await statusOf(earlierIds)).every((row) => row?.status === "completed")).toBe(true);
    expect((await statusOf([waiting.id]))[0]).toMatchObject({
      status: "processing",
      state: "queued",
    });
    // The hot wallet's history since that approval: more than the driver reads.
    const since = Math.floor(approvedAt.getTime() / 1000);
    const history = sandbox.transactions.filter((tx) => tx.now >= since && isHot(tx.inMessage));
    expect(history.length).toBeGreaterThan(MAX_PAGES * 100);
    // The rule of before (the look-back to the approval) could not pay it any more.
    await expect(
      chain.sendPayouts!([
        {
          to: waiting.recipient.toRawString(),
          amountNano: waiting.amount,
          reference: waiting.id,
          since: approvedAt,
        },
      ]),
    ).rejects.toBeInstanceOf(HotWalletNotSyncedError);

    // Topped up, and a withdrawal approved now: both signed in one message (neither signed
    // before: no history to search), the worker killed right after it left.
    await sandbox.mint(hot, parseFre("5000"));
    const fresh = await approved(parseFre("25"), clock.now());
    const posted = sandbox.posted.length;
    const real = chain;
    const killed = crashAfterSend(real, "worker killed");
    await processPayouts(deps(killed));
    expect(sandbox.posted.length).toBe(posted + 1);
    expect(errors.map((e) => (e as Error).message)).toEqual(["worker killed", "worker killed"]);
    errors.length = 0;
    const [signed] = await app()
      .db.select({ at: withdrawals.payoutSignedAt, payoutId: withdrawals.payoutId })
      .from(withdrawals)
      .where(eq(withdrawals.id, waiting.id));
    expect(signed?.at?.getTime()).toBe(clock.now().getTime());
    expect(signed?.payoutId).toMatch(/^tc1:/);
    // The restarted worker, once the lease is past: both found on the chain from their first
    // signing (a page of history), reconciled, nothing signed again; then confirmed.
    clock.advance(PAYOUT_LEASE_MS + BLOCK_MS);
    chain = freshChain();
    for (let run = 0; run < 4; run += 1) {
      await processPayouts(deps(chain));
      clock.advance(BLOCK_MS);
    }
    expect(errors).toEqual([]);
    expect(sandbox.posted.length).toBe(posted + 1);
    expect((await statusOf([waiting.id, fresh.id])).map((row) => row?.status)).toEqual([
      "completed",
      "completed",
    ]);
    for (const w of [waiting, fresh, ...earlier.slice(0, 3), ...earlier.slice(-3)]) {
      expect(await transfersOf(w.id)).toBe(1);
      expect(await sandbox.jettonBalance(w.recipient)).toBe(w.amount);
    }
  }, 240_000);
});

describe("after a restore (decision 0078)", () => {
  it("a withdrawal restored in processing without a recorded signing is searched from its approval", async () => {
    const at = new Date(app().clock.now().getTime() - 3_600_000);
    const unknown = await approved(parseFre("1"), at);
    const signedAt = app().clock.now();
    const known = await approved(parseFre("1"), at);
    await app()
      .db.update(withdrawals)
      .set({ payoutSignedAt: signedAt })
      .where(eq(withdrawals.id, known.id));
    await widenRestoredPayoutLookBack(app().db);
    const rows = await app()
      .db.select({ id: withdrawals.id, at: withdrawals.payoutSignedAt })
      .from(withdrawals)
      .where(inArray(withdrawals.id, [unknown.id, known.id]));
    const byId = new Map(rows.map((row) => [row.id, row.at?.getTime()]));
    expect(byId.get(unknown.id)).toBe(at.getTime());
    expect(byId.get(known.id)).toBe(signedAt.getTime());
    // Not left waiting: refunded, as a cancelled request would be.
    for (const { id } of [unknown, known]) {
      await app().db.transaction(async (tx) => {
        const [row] = await tx
          .update(withdrawals)
          .set({ status: "cancelled", payoutState: null })
          .where(eq(withdrawals.id, id))
          .returning({ userId: withdrawals.userId });
        await release(tx, { userId: row!.userId, reference: id, at: app().clock.now() });
      });
    }
  });
});

/** A transaction of the hot wallet's own account (its inbound message is addressed to it). */
function isHot(message: { info: { dest?: unknown } } | null | undefined) {
  const dest = message?.info.dest;
  return dest instanceof Address && dest.equals(hot);
}
