// A W5 (wallet v5R1) hot wallet on the real contracts (issue 37 point 3, decision 0075): FRE's
// driver signs one external message carrying several jetton transfers, @ton/sandbox's TVM runs
// @ton/ton's W5 code and the TEP-74 reference jetton, and FRE's reader confirms each payout on
// its own. The worker's side (claims, crashes, refunds) is tested on v4R2 in
// withdrawals-sandbox.test.ts: it is the same for both kinds.

import { randomBytes, randomUUID } from "node:crypto";
import { parseFre } from "@fre/shared";
import { Address, loadMessage, toNano } from "@ton/core";
import { mnemonicNew, mnemonicToPrivateKey } from "@ton/crypto";
import { WalletContractV5R1 } from "@ton/ton";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  parseWalletV5Transfer,
  type ToncenterPayouts,
  toncenterPayouts,
  WALLET_MAX_MESSAGES,
} from "../src/adapters/chain/toncenter-payouts.ts";
import { manualClock } from "../src/lib/clock.ts";
import { type SandboxToncenter, startSandboxToncenter } from "./ton-sandbox.ts";

const clock = manualClock(new Date());
const seconds = () => Math.floor(clock.now().getTime() / 1000);
let sandbox: SandboxToncenter;
let payouts: ToncenterPayouts;
let hot: Address;

beforeAll(async () => {
  sandbox = await startSandboxToncenter(seconds);
  const words = await mnemonicNew(24);
  const { publicKey } = await mnemonicToPrivateKey(words);
  hot = WalletContractV5R1.create({ workchain: 0, publicKey }).address;
  await sandbox.fund(hot, toNano("50"));
  await sandbox.mint(hot, parseFre("100000"));
  payouts = toncenterPayouts({
    baseUrl: sandbox.url,
    fetchImpl: sandbox.fetch,
    mnemonic: words.join(" "),
    walletKind: "v5r1",
    jettonMaster: sandbox.minter.toRawString(),
    clock,
  });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

const recipient = () => new Address(0, randomBytes(32));

describe("a W5 hot wallet (TON_HOT_WALLET_KIND=v5r1)", () => {
  it("pays a batch in one external message: each recipient exactly its amount, each confirmed once", async () => {
    expect(payouts.payoutBatchSize).toBe(WALLET_MAX_MESSAGES.v5r1);
    expect(await payouts.hotWalletAddress()).toBe(hot.toRawString());
    const requests = Array.from({ length: 12 }, (_, i) => ({
      to: recipient().toRawString(),
      amountNano: parseFre(String(100 + i)),
      reference: randomUUID(),
      since: clock.now(),
    }));
    const recorded: string[] = [];
    const answers = await payouts.sendPayouts(
      requests.map((request) => ({
        ...request,
        beforeSend: async (payoutId: string) => {
          recorded.push(payoutId);
        },
      })),
    );
    const ids = answers.map((answer) => ("payoutId" in answer ? answer.payoutId : null));
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(recorded).toEqual(ids);
    // One external message, W5's signed body: 12 transfers at seqno 0 (it deploys the wallet).
    expect(sandbox.posted).toHaveLength(1);
    const signed = parseWalletV5Transfer(loadMessage(sandbox.posted[0]!.beginParse()).body);
    expect(signed.seqno).toBe(0);
    expect(signed.messages).toHaveLength(12);
    expect(sandbox.dropped).toEqual([]);
    // What executed is @ton/ton's W5 code.
    const state = (await sandbox.blockchain.getContract(hot)).accountState;
    const code = WalletContractV5R1.create({ workchain: 0, publicKey: Buffer.alloc(32) }).init.code;
    expect(state?.type === "active" && state.state.code?.equals(code)).toBe(true);
    for (const request of requests) {
      expect(await sandbox.jettonBalance(Address.parse(request.to))).toBe(request.amountNano);
    }
    const statuses = await payouts.payoutStatuses(ids as string[]);
    expect([...statuses.values()]).toEqual(Array(12).fill("confirmed"));
    // Asked again (a restarted worker): found on the chain, nothing signed.
    const again = await payouts.sendPayouts(requests);
    expect(again).toEqual(ids.map((payoutId) => ({ payoutId })));
    expect(sandbox.posted).toHaveLength(1);
    // The fees are the batch's, shared: each payout's recorded fee is positive and small.
    for (const [i, id] of ids.entries()) {
      const receipt = await payouts.payoutReceipt(id!);
      expect(receipt.feeNano, `payout ${i}`).toBeGreaterThan(0n);
      expect(receipt.feeNano!).toBeLessThan(50_000_000n);
    }
  });
});
