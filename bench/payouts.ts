/**
 * `npm run bench:payouts [-- --count 1000 --kind both --block 5]` (issue 37 point 3, decision
 * 0075): 1 000 approved withdrawals paid on @ton/sandbox (the real TVM, the real wallet v4R2 or
 * W5 v5R1 code @ton/ton ships, the TEP-74 reference jetton of apps/server/test/ton-sandbox.ts),
 * by FRE's own payout worker (`processPayouts`) and driver (`toncenter-payouts.ts`) through
 * toncenter v3 over the emulator — the production code path, on a PGlite database.
 *
 * The network's pace is emulated: an accepted external message waits for the next block, and a
 * block executes at most what was accepted before it (FRE's wallet sends one message per seqno,
 * so one per block). Each step: the worker runs once, one block is produced, the clock moves
 * `--block` seconds (default 5, a conservative TON block interval; basechain blocks are closer
 * to 2–3 s in calm times). The emulated time is steps × block seconds.
 *
 * In the middle, the worker is killed right after a batch's message left (the payout ids were
 * recorded, the rows never marked `sent`), and a new driver (a restarted server: nothing in
 * memory) carries on. Then every withdrawal must be completed, each query id transferred by the
 * hot wallet's jetton wallet exactly once, each recipient holding exactly its amount, and the
 * ledger balanced.
 *
 * Prints per wallet kind: external messages, steps and emulated time, the hot wallet's TON spent
 * (fees and the attachments not returned), the network fees of every transaction, the wall time,
 * and the paid-exactly-once check. Exit 1 when a check fails.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { parseFre } from "@fre/shared";
import { Address, loadMessage, toNano } from "@ton/core";
import { mnemonicNew, mnemonicToPrivateKey } from "@ton/crypto";
import { WalletContractV4, WalletContractV5R1 } from "@ton/ton";
import { eq, sql } from "drizzle-orm";
import { JETTON_TRANSFER_OP } from "../apps/server/src/adapters/chain/jetton-transfer.ts";
import { toncenterChain } from "../apps/server/src/adapters/chain/toncenter-chain.ts";
import {
  type HotWalletKind,
  parseWalletTransfer,
  payoutQueryId,
  toncenterPayouts,
} from "../apps/server/src/adapters/chain/toncenter-payouts.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { users, withdrawals } from "../apps/server/src/db/schema/index.ts";
import { manualClock } from "../apps/server/src/lib/clock.ts";
import { credit, hold } from "../apps/server/src/modules/ledger/ledger.ts";
import { findLedgerMismatches } from "../apps/server/src/modules/ledger/ledger.verify.ts";
import type { Chain } from "../apps/server/src/modules/ton/chain.ts";
import { processPayouts } from "../apps/server/src/modules/withdrawals/withdrawal-payouts.ts";
import type { WithdrawalDeps } from "../apps/server/src/modules/withdrawals/withdrawals.service.ts";
import { startSandboxToncenter } from "../apps/server/test/ton-sandbox.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const COUNT = Number(option("count", "1000"));
const BLOCK_SECONDS = Number(option("block", "5"));
const KINDS: HotWalletKind[] =
  option("kind", "both") === "both" ? ["v5r1", "v4r2"] : [option("kind", "v5r1") as HotWalletKind];
/** A run that has not paid everything after this many blocks stops (and fails). */
const MAX_STEPS = Number(option("max-steps", "2000"));
/** 4, 4, 4 … 4 → "4 × 250"; otherwise the list. */
const summarize = (counts: number[]) => {
  const runs: string[] = [];
  for (let i = 0; i < counts.length; ) {
    let j = i;
    while (j < counts.length && counts[j] === counts[i]) j += 1;
    runs.push(j - i > 1 ? `${counts[i]} × ${j - i}` : String(counts[i]));
    i = j;
  }
  return runs.join(", ");
};
const print = (line: string) => process.stdout.write(`${line}\n`);
const ton = (nano: bigint) => `${(Number(nano) / 1e9).toFixed(4)} TON`;

async function bench(kind: HotWalletKind) {
  const started = performance.now();
  const clock = manualClock(new Date());
  const seconds = () => Math.floor(clock.now().getTime() / 1000);
  const sandbox = await startSandboxToncenter(seconds);
  sandbox.queue = true; // one block at a time: the network's pace
  const words = await mnemonicNew(24);
  const mnemonic = words.join(" ");
  const { publicKey } = await mnemonicToPrivateKey(words);
  const hot =
    kind === "v5r1"
      ? WalletContractV5R1.create({ workchain: 0, publicKey }).address
      : WalletContractV4.create({ workchain: 0, publicKey }).address;
  const amounts = Array.from({ length: COUNT }, (_, i) => parseFre(String(10 + (i % 490))));
  const totalFre = amounts.reduce((sum, amount) => sum + amount, 0n);
  const tonBefore = toNano("500");
  await sandbox.fund(hot, tonBefore); // not deployed: FRE's first batch deploys it
  await sandbox.mint(hot, totalFre);
  const shop = await sandbox.blockchain.treasury("fre-shop");
  const database = await openDatabase("pglite:memory:");
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    AUTH_SECRET: "payout-bench-secret-".padEnd(48, "x"),
    DATA_ENCRYPTION_KEY: "0f".repeat(32),
    WEB_DIST: "/nonexistent-web-dist",
    TON_API_URL: sandbox.url,
    SHOP_RECEIVE_ADDRESS: shop.address.toRawString(),
    TON_HOT_WALLET_MNEMONIC: mnemonic,
    TON_HOT_WALLET_KIND: kind,
    FRE_JETTON_MASTER: sandbox.minter.toRawString(),
  });
  const built = await buildApp(config, { database, clock });
  await built.app.ready();
  const db = database.db;

  // 1 000 approved withdrawals, as the admin's approval leaves them: processing, queued, held.
  const recipients: Address[] = [];
  const ids: string[] = [];
  const now = clock.now();
  for (let i = 0; i < COUNT; i += 1) {
    const userId = randomUUID();
    const recipient = new Address(0, randomBytes(32));
    recipients.push(recipient);
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: userId,
        name: `payee ${i}`,
        email: `payee${i}-${userId.slice(0, 8)}@bench.local`,
        nickname: `payee${i}`,
        referralCode: `P${userId.replaceAll("-", "").slice(0, 10)}`,
        kycStatus: "approved",
        emailVerified: true,
      });
      await credit(tx, {
        userId,
        kind: "bonus",
        amountNano: amounts[i]!,
        reference: `bench:${userId}`,
        at: now,
      });
      const [row] = await tx
        .insert(withdrawals)
        .values({
          userId,
          amountNano: amounts[i]!,
          walletAddress: recipient.toRawString(),
          network: "-3",
          status: "processing",
          payoutState: "queued",
          reviewedAt: now,
          createdAt: new Date(now.getTime() + i),
          updatedAt: now,
        })
        .returning({ id: withdrawals.id });
      await hold(tx, { userId, amountNano: amounts[i]!, reference: row!.id, at: now });
      ids.push(row!.id);
    });
  }

  const errors: string[] = [];
  const depsOf = (chain: Chain): WithdrawalDeps => ({
    ...built.shop.deps,
    events: built.events,
    chain,
    enabled: true,
    onPayoutError: (error) => {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
      const message =
        (error instanceof Error ? error.message : String(error)) +
        (cause ? ` (${(cause as { code?: string }).code ?? cause.message})` : "");
      if (!message.startsWith("worker killed")) errors.push(message);
    },
  });
  /** What a (re)started server builds: the same configuration, nothing in memory. */
  const freshChain = () =>
    toncenterChain(sandbox.url, fetch, {
      shopAddress: shop.address.toRawString(),
      payouts: toncenterPayouts({
        baseUrl: sandbox.url,
        mnemonic,
        walletKind: kind,
        jettonMaster: sandbox.minter.toRawString(),
        clock,
      }),
    });
  let chain = freshChain();
  const done = async () =>
    Number(
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(withdrawals)
          .where(eq(withdrawals.status, "processing"))
      )[0]!.n,
    ) === 0;

  const setupMs = performance.now() - started;
  const paying = performance.now();
  const postedBefore = sandbox.posted.length;
  let steps = 0;
  let crashed = false;
  /** Payouts whose message had left when the worker was killed, never marked sent. */
  let inFlightAtCrash = 0;
  let sentSoFar = 0;
  while (!(await done()) && steps < MAX_STEPS) {
    steps += 1;
    if (!crashed && sentSoFar >= COUNT / 2) {
      // The worker killed right after a batch's message left: its rows stay `sending`.
      crashed = true;
      const real = chain;
      const killed: Chain = {
        ...real,
        sendPayouts: async (requests) => {
          await real.sendPayouts!(requests);
          throw new Error("worker killed");
        },
      };
      await processPayouts(depsOf(killed));
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(withdrawals)
        .where(sql`${withdrawals.payoutState} = 'sending' and ${withdrawals.payoutId} is not null`);
      inFlightAtCrash = Number(left!.n);
      chain = freshChain(); // the restarted server
    } else {
      sentSoFar += (await processPayouts(depsOf(chain))).sent;
    }
    await sandbox.block();
    clock.advance(BLOCK_SECONDS * 1000);
  }
  const payingMs = performance.now() - paying;

  // Paid exactly once: each query id transferred once by the hot wallet's jetton wallet (its
  // compute phase a success), each recipient holding exactly its amount, every row completed.
  const hotJetton = await sandbox.jettonWalletOf(hot);
  const transfers = new Map<bigint, number>();
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
    if (!ok) continue;
    const queryId = slice.loadUintBig(64);
    transfers.set(queryId, (transfers.get(queryId) ?? 0) + 1);
  }
  const rows = await db.select().from(withdrawals);
  const byId = new Map(rows.map((row) => [row.id, row]));
  let once = 0;
  let twice = 0;
  let unpaid = 0;
  let wrongAmount = 0;
  for (const [i, id] of ids.entries()) {
    const times = transfers.get(payoutQueryId(id)) ?? 0;
    if (times === 1) once += 1;
    else if (times === 0) unpaid += 1;
    else twice += 1;
    if ((await sandbox.jettonBalance(recipients[i]!)) !== amounts[i]) wrongAmount += 1;
  }
  const completed = ids.filter((id) => byId.get(id)?.status === "completed").length;
  const external = sandbox.posted
    .slice(postedBefore)
    .map((boc) => loadMessage(boc.beginParse()))
    .filter((m) => m.info.type === "external-in" && m.info.dest.equals(hot));
  const perMessage = external.map((m) => parseWalletTransfer(m.body, kind).messages.length);
  const bytes = sandbox.posted.slice(postedBefore).map((boc) => boc.toBoc().length);
  const tonAfter = await sandbox.tonBalance(hot);
  const networkFees = sandbox.transactions.reduce((sum, tx) => sum + tx.totalFees.coins, 0n);
  const recorded = rows.reduce((sum, row) => sum + (row.payoutFeeNano ?? 0n), 0n);
  const mismatches = await findLedgerMismatches(db);
  const hotFre = await sandbox.jettonBalance(hot);
  const result = {
    kind,
    payouts: COUNT,
    externalMessages: external.length,
    largestMessageBytes: Math.max(...bytes),
    dropped: sandbox.dropped.length,
    steps,
    emulatedSeconds: steps * BLOCK_SECONDS,
    hotWalletTonSpent: tonBefore - tonAfter,
    recordedFees: recorded,
    networkFees,
    completed,
    once,
    twice,
    unpaid,
    wrongAmount,
    hotFreLeft: hotFre,
    ledgerMismatches: mismatches.length,
    inFlightAtCrash,
    errors: errors.length,
    setupMs,
    payingMs,
  };
  const ok =
    completed === COUNT &&
    once === COUNT &&
    twice === 0 &&
    wrongAmount === 0 &&
    hotFre === 0n &&
    mismatches.length === 0 &&
    inFlightAtCrash > 0;
  print(`\n== ${kind === "v5r1" ? "W5 (wallet v5R1)" : "wallet v4R2"}, ${COUNT} payouts`);
  print(
    `external messages: ${result.externalMessages} (payouts in each: ${summarize(perMessage)}; largest ${result.largestMessageBytes} B BoC, ${result.dropped} dropped by the wallet)`,
  );
  print(
    `network time: ${steps} blocks × ${BLOCK_SECONDS} s = ${result.emulatedSeconds} s (${(result.emulatedSeconds / 60).toFixed(1)} min), one message per wallet per block`,
  );
  print(
    `hot wallet TON spent: ${ton(result.hotWalletTonSpent)} (${ton(result.hotWalletTonSpent / BigInt(COUNT))} per payout); recorded per-payout fees sum ${ton(recorded)}`,
  );
  print(`network fees, every transaction: ${ton(networkFees)}`);
  print(
    `paid exactly once: ${once}/${COUNT} once, ${twice} twice, ${unpaid} unpaid, ${wrongAmount} wrong balance; ${completed} completed; hot wallet FRE left ${hotFre}; ledger mismatches ${mismatches.length}; crash in the middle: ${inFlightAtCrash} payouts in flight when the worker was killed`,
  );
  print(
    `worker errors (besides the kill): ${errors.length}${errors.length ? ` — ${[...new Set(errors)].slice(0, 3).join(" | ")}` : ""}`,
  );
  print(
    `wall time: setup ${(setupMs / 1000).toFixed(1)} s, paying ${(payingMs / 1000).toFixed(1)} s — ${ok ? "OK" : "FAILED"}`,
  );
  await built.app.close();
  await database.close();
  await sandbox.close();
  return ok;
}

let allOk = true;
for (const kind of KINDS) allOk = (await bench(kind)) && allOk;
process.exit(allOk ? 0 : 1);
