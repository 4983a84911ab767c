import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../lib/clock.ts";
import type { TonProofInput } from "../../modules/ton/chain.ts";
import {
  ChainNotRespondingError,
  PayoutConflictError,
  PayoutRejectedError,
  UnknownPayoutError,
} from "../../modules/ton/chain-errors.ts";
import { stubChain } from "./chain-stub.ts";
import { memoryChain } from "./memory-chain.ts";
import { toncenterChain } from "./toncenter-chain.ts";

const TON = 1_000_000_000n;
const ALICE = "0:aa11";
const BOB = "0:bb22";

const proof: TonProofInput = {
  address: "0:1234",
  network: "-3",
  public_key: "ab".repeat(32),
  proof: {
    timestamp: 1_767_225_600,
    domain: { lengthBytes: 9, value: "localhost" },
    payload: "challenge",
    signature: "c2lnbmF0dXJl",
    state_init: "dGU2Y2M=",
  },
};

describe("memoryChain: incoming transfers", () => {
  it("records transfers with unique hashes, increasing lt and the clock's time", async () => {
    const clock = manualClock(new Date("2026-02-01T10:00:00Z"));
    const chain = memoryChain({ clock });
    const first = chain.simulateIncomingTransfer({
      from: ALICE,
      amountNano: 3n * TON,
      comment: "order-1",
    });
    clock.advance(60_000);
    const second = chain.simulateIncomingTransfer({ from: BOB, amountNano: 5n * TON });
    expect(first).toMatchObject({ from: ALICE, amountNano: 3n * TON, comment: "order-1" });
    expect(first.at.toISOString()).toBe("2026-02-01T10:00:00.000Z");
    expect(second).toMatchObject({ from: BOB, comment: null });
    expect(second.at.toISOString()).toBe("2026-02-01T10:01:00.000Z");
    expect(first.txHash).not.toBe(second.txHash);
    expect(BigInt(second.lt)).toBeGreaterThan(BigInt(first.lt));
    expect(await chain.ping(new AbortController().signal)).toBeUndefined();
  });

  it("pages by cursor in chain order and keeps the cursor when nothing is new", async () => {
    const chain = memoryChain({ pageSize: 2 });
    expect(await chain.incomingTransfers(null)).toEqual({ transfers: [], cursor: null });
    const sent = [1n, 2n, 3n, 4n, 5n].map((n) =>
      chain.simulateIncomingTransfer({ from: ALICE, amountNano: n * TON, comment: `c${n}` }),
    );

    const page1 = await chain.incomingTransfers(null);
    expect(page1.transfers.map((t) => t.comment)).toEqual(["c1", "c2"]);
    expect(page1.cursor).toBe(sent[1]?.lt);
    const page2 = await chain.incomingTransfers(page1.cursor);
    expect(page2.transfers.map((t) => t.comment)).toEqual(["c3", "c4"]);
    const page3 = await chain.incomingTransfers(page2.cursor);
    expect(page3.transfers.map((t) => t.comment)).toEqual(["c5"]);
    expect(page3.cursor).toBe(sent[4]?.lt);
    const idle = await chain.incomingTransfers(page3.cursor);
    expect(idle).toEqual({ transfers: [], cursor: page3.cursor });

    const late = chain.simulateIncomingTransfer({ from: BOB, amountNano: 7n, comment: "late" });
    expect(await chain.incomingTransfers(page3.cursor)).toEqual({
      transfers: [late],
      cursor: late.lt,
    });
    // Reading again from the start sees the same history.
    expect((await chain.incomingTransfers(null)).transfers).toEqual(sent.slice(0, 2));
  });

  it("refuses bad cursors and bad transfers", async () => {
    const chain = memoryChain();
    for (const cursor of ["", "abc", "-1", "1.5", "1".repeat(21)]) {
      await expect(chain.incomingTransfers(cursor)).rejects.toThrow("Invalid chain cursor");
    }
    expect(() => chain.simulateIncomingTransfer({ from: ALICE, amountNano: 0n })).toThrow(
      TypeError,
    );
    expect(() => chain.simulateIncomingTransfer({ from: "", amountNano: 1n })).toThrow(TypeError);
    expect(() =>
      chain.simulateIncomingTransfer({ from: ALICE, amountNano: 1 as unknown as bigint }),
    ).toThrow(TypeError);
  });

  it("returns copies: callers cannot rewrite the ledger", async () => {
    const chain = memoryChain();
    const made = chain.simulateIncomingTransfer({ from: ALICE, amountNano: TON, comment: "x" });
    made.amountNano = 999n;
    const { transfers } = await chain.incomingTransfers(null);
    const [read] = transfers;
    expect(read?.amountNano).toBe(TON);
    if (read) read.comment = "tampered";
    expect((await chain.incomingTransfers(null)).transfers[0]?.comment).toBe("x");
  });
});

describe("memoryChain: payouts", () => {
  it("sends once per reference", async () => {
    const chain = memoryChain();
    const request = { to: BOB, amountNano: 30n * TON, reference: "withdrawal-1" };
    const first = await chain.sendPayout(request);
    const again = await chain.sendPayout({ ...request });
    expect(again).toEqual(first);
    const other = await chain.sendPayout({ ...request, reference: "withdrawal-2" });
    expect(other.payoutId).not.toBe(first.payoutId);
    expect(chain.payouts()).toEqual([
      {
        payoutId: first.payoutId,
        to: BOB,
        amountNano: 30n * TON,
        reference: "withdrawal-1",
        status: "pending",
      },
      {
        payoutId: other.payoutId,
        to: BOB,
        amountNano: 30n * TON,
        reference: "withdrawal-2",
        status: "pending",
      },
    ]);
    await expect(chain.sendPayout({ ...request, amountNano: 31n * TON })).rejects.toThrow(
      PayoutConflictError,
    );
    await expect(chain.sendPayout({ ...request, to: ALICE })).rejects.toThrow(PayoutConflictError);
    expect(chain.payouts()).toHaveLength(2);
  });

  it("refuses bad payout requests", async () => {
    const chain = memoryChain();
    await expect(chain.sendPayout({ to: "", amountNano: 1n, reference: "r" })).rejects.toThrow(
      TypeError,
    );
    await expect(chain.sendPayout({ to: BOB, amountNano: 0n, reference: "r" })).rejects.toThrow(
      TypeError,
    );
    await expect(chain.sendPayout({ to: BOB, amountNano: -5n, reference: "r" })).rejects.toThrow(
      TypeError,
    );
    await expect(chain.sendPayout({ to: BOB, amountNano: 1n, reference: "" })).rejects.toThrow(
      TypeError,
    );
    await expect(chain.payoutStatus("nope")).rejects.toThrow(UnknownPayoutError);
    expect(chain.payouts()).toEqual([]);
  });

  it("moves pending → sent → confirmed as payouts settle", async () => {
    const chain = memoryChain();
    const { payoutId } = await chain.sendPayout({ to: BOB, amountNano: TON, reference: "w1" });
    expect(await chain.payoutStatus(payoutId)).toBe("pending");
    expect(await chain.payoutStatus(payoutId)).toBe("pending"); // polling alone does not move it
    chain.settlePayouts();
    expect(await chain.payoutStatus(payoutId)).toBe("sent");
    const { payoutId: later } = await chain.sendPayout({
      to: BOB,
      amountNano: TON,
      reference: "w2",
    });
    chain.settlePayouts();
    expect(await chain.payoutStatus(payoutId)).toBe("confirmed");
    expect(await chain.payoutStatus(later)).toBe("sent");
    chain.settlePayouts();
    chain.settlePayouts();
    expect(await chain.payoutStatus(payoutId)).toBe("confirmed");
    expect(await chain.payoutStatus(later)).toBe("confirmed");
    // Idempotent after confirmation too.
    expect(await chain.sendPayout({ to: BOB, amountNano: TON, reference: "w1" })).toEqual({
      payoutId,
    });
  });

  it("can move payouts after a number of status polls instead", async () => {
    const chain = memoryChain({ settleAfterPolls: 2 });
    const { payoutId } = await chain.sendPayout({ to: BOB, amountNano: TON, reference: "w1" });
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await chain.payoutStatus(payoutId));
    expect(seen).toEqual(["pending", "sent", "sent", "confirmed", "confirmed", "confirmed"]);
    expect(() => memoryChain({ settleAfterPolls: 0 })).toThrow(TypeError);
  });

  it("fails the next payout only, recorded as failed", async () => {
    const chain = memoryChain();
    chain.failNextPayout();
    const { payoutId: doomed } = await chain.sendPayout({
      to: BOB,
      amountNano: TON,
      reference: "w1",
    });
    const { payoutId: fine } = await chain.sendPayout({
      to: BOB,
      amountNano: TON,
      reference: "w2",
    });
    expect(await chain.payoutStatus(doomed)).toBe("pending");
    chain.settlePayouts();
    expect(await chain.payoutStatus(doomed)).toBe("failed");
    expect(await chain.payoutStatus(fine)).toBe("sent");
    chain.settlePayouts();
    expect(await chain.payoutStatus(doomed)).toBe("failed");
    expect(await chain.payoutStatus(fine)).toBe("confirmed");
    // The reference stays spent: a retry needs a new reference.
    expect(await chain.sendPayout({ to: BOB, amountNano: TON, reference: "w1" })).toEqual({
      payoutId: doomed,
    });
  });

  it("can reject the next payout outright, recording nothing", async () => {
    const chain = memoryChain();
    chain.failNextPayout("rejected");
    const request = { to: BOB, amountNano: TON, reference: "w1" };
    await expect(chain.sendPayout(request)).rejects.toThrow(PayoutRejectedError);
    expect(chain.payouts()).toEqual([]);
    const { payoutId } = await chain.sendPayout(request);
    expect(await chain.payoutStatus(payoutId)).toBe("pending");
  });
});

describe("verifyProof", () => {
  it("never fakes success: without a verifier the answer is 'not available'", async () => {
    expect(await memoryChain().verifyProof(proof)).toEqual({
      ok: false,
      reason: "not available",
    });
    expect(await toncenterChain("http://127.0.0.1:9").verifyProof(proof)).toEqual({
      ok: false,
      reason: "not available",
    });
  });

  it("delegates to the injected verifier", async () => {
    const seen: TonProofInput[] = [];
    const chain = memoryChain({
      verifyProof: async (input) => {
        seen.push(input);
        return input.proof.payload === "challenge"
          ? { ok: true, publicKey: input.public_key }
          : { ok: false, reason: "bad payload" };
      },
    });
    expect(await chain.verifyProof(proof)).toEqual({ ok: true, publicKey: proof.public_key });
    expect(await chain.verifyProof({ ...proof, proof: { ...proof.proof, payload: "x" } })).toEqual({
      ok: false,
      reason: "bad payload",
    });
    expect(seen).toHaveLength(2);
  });
});

describe("stubChain", () => {
  it("fills what a test does not give with rejecting methods", async () => {
    const chain = stubChain({ payoutStatus: async () => "sent" });
    await chain.ping(new AbortController().signal);
    expect(await chain.payoutStatus("p")).toBe("sent");
    await expect(chain.incomingTransfers(null)).rejects.toThrow(
      "chain.incomingTransfers is not stubbed",
    );
  });
});

// ---------------------------------------------------------------------------------------------
// toncenter v3 against a local fake server
// ---------------------------------------------------------------------------------------------

const SHOP_RAW = "0:5A6B0000000000000000000000000000000000000000000000000000000000AB";
const SHOP_FRIENDLY = "EQBaawAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAq7Rn";
const PAYER_RAW = "0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8";

/** A toncenter v3 transaction, shaped like the real answer (fields trimmed to the usual set). */
function toncenterTx(over: {
  lt: string;
  hash: string;
  now: number;
  in_msg: Record<string, unknown> | null;
  aborted?: boolean;
  out_msgs?: unknown[];
}) {
  return {
    account: SHOP_RAW,
    hash: over.hash,
    lt: over.lt,
    now: over.now,
    mc_block_seqno: 31_000_000,
    trace_id: over.hash,
    prev_trans_hash: "AAAA",
    prev_trans_lt: "0",
    orig_status: "active",
    end_status: "active",
    total_fees: "123456",
    total_fees_extra_currencies: {},
    description: {
      type: "ord",
      aborted: over.aborted ?? false,
      destroyed: false,
      credit_first: true,
      storage_ph: { storage_fees_collected: "1", status_change: "unchanged" },
      credit_ph: { credit: "0" },
      compute_ph: { skipped: false, success: !over.aborted, exit_code: over.aborted ? 33 : 0 },
      action: { success: true, valid: true, no_funds: false, result_code: 0 },
    },
    block_ref: { workchain: 0, shard: "8000000000000000", seqno: 45_000_000 },
    in_msg: over.in_msg,
    out_msgs: over.out_msgs ?? [],
    account_state_before: { hash: "x", balance: "1000", account_status: "active" },
    account_state_after: { hash: "y", balance: "2000", account_status: "active" },
    emulated: false,
  };
}

function internalMessage(value: string, decoded: unknown, extra: Record<string, unknown> = {}) {
  return {
    hash: "bXNn",
    source: PAYER_RAW,
    destination: SHOP_RAW,
    value,
    value_extra_currencies: {},
    fwd_fee: "266669",
    ihr_fee: "0",
    created_lt: "1",
    created_at: "1767225600",
    opcode: decoded ? "0x00000000" : null,
    ihr_disabled: true,
    bounce: false,
    bounced: false,
    import_fee: null,
    message_content: { hash: "Ym9keQ==", body: "te6cckEBAQEAAgAAAEysuc0=", decoded },
    init_state: null,
    ...extra,
  };
}

/** The shop's history as toncenter would hold it, in lt order. */
const history = [
  toncenterTx({
    lt: "47000000000001",
    hash: "aGFzaDE=",
    now: 1_767_225_600,
    in_msg: internalMessage("1000000000", { type: "text_comment", comment: "order-FRE1" }),
  }),
  // The shop's own outgoing transfer: an external message, no source.
  toncenterTx({
    lt: "47000000000002",
    hash: "aGFzaDI=",
    now: 1_767_225_660,
    in_msg: {
      hash: "ZXh0",
      source: null,
      destination: SHOP_RAW,
      value: null,
      message_content: { body: "te6cc", decoded: null },
    },
    out_msgs: [internalMessage("500000000", null, { source: SHOP_RAW, destination: PAYER_RAW })],
  }),
  toncenterTx({
    lt: "47000000000003",
    hash: "aGFzaDM=",
    now: 1_767_225_720,
    in_msg: internalMessage("3000000000", null), // no comment
  }),
  toncenterTx({
    lt: "47000000000004",
    hash: "aGFzaDQ=",
    now: 1_767_225_780,
    in_msg: internalMessage(
      "2000000000",
      { type: "text_comment", comment: "bounced" },
      { bounced: true },
    ),
  }),
  toncenterTx({
    lt: "47000000000005",
    hash: "aGFzaDU=",
    now: 1_767_225_840,
    aborted: true,
    // Bounceable: the aborted transaction sent its value back (a non-bounceable one left it
    // at the address, and counts: shop-sandbox.test.ts).
    in_msg: internalMessage(
      "2000000000",
      { type: "text_comment", comment: "aborted" },
      { bounce: true },
    ),
  }),
  toncenterTx({
    lt: "47000000000006",
    hash: "aGFzaDY=",
    now: 1_767_225_900,
    in_msg: internalMessage("5000000000", { type: "text_comment", comment: "order-FRE5 ✓" }),
  }),
  toncenterTx({
    lt: "47000000000007",
    hash: "aGFzaDc=",
    now: 1_767_225_960,
    in_msg: internalMessage("0", { type: "text_comment", comment: "zero" }),
  }),
  toncenterTx({
    lt: "47000000000008",
    hash: "aGFzaDg=",
    now: 1_767_226_020,
    in_msg: internalMessage("7000000000", { type: "binary_comment", hex_comment: "00ff" }),
  }),
];

describe("toncenterChain against a toncenter-shaped server", () => {
  let server: Server;
  let baseUrl: string;
  const requests: { url: URL; apiKey: string | undefined }[] = [];
  let mode: "ok" | "error" | "garbage" = "ok";

  const answer = (request: IncomingMessage) => {
    const url = new URL(request.url ?? "/", "http://x");
    requests.push({ url, apiKey: request.headers["x-api-key"] as string | undefined });
    if (mode === "error") return { status: 500, body: { error: "internal" } };
    if (mode === "garbage") return { status: 200, body: { transactions: [{ hash: 1 }] } };
    if (url.pathname === "/api/v3/masterchainInfo") return { status: 200, body: { last: {} } };
    if (url.pathname !== "/api/v3/transactions") return { status: 404, body: { error: "no" } };
    const startLt = BigInt(url.searchParams.get("start_lt") ?? "0");
    const limit = Number(url.searchParams.get("limit") ?? "10");
    const asc = url.searchParams.get("sort") === "asc";
    const ordered = asc ? history : [...history].reverse();
    const transactions = ordered.filter((tx) => BigInt(tx.lt) >= startLt).slice(0, limit);
    return {
      status: 200,
      body: {
        transactions,
        address_book: {
          [SHOP_RAW]: { user_friendly: SHOP_FRIENDLY, domain: null },
          [PAYER_RAW]: {
            user_friendly: "UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI",
            domain: null,
          },
        },
      },
    };
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const { status, body } = answer(request);
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("reads payments to the shop's address in chain order, page by page", async () => {
    requests.length = 0;
    mode = "ok";
    const chain = toncenterChain(baseUrl, fetch, {
      shopAddress: SHOP_FRIENDLY,
      apiKey: "k3y",
      pageSize: 4,
    });
    const page1 = await chain.incomingTransfers(null);
    expect(page1).toEqual({
      transfers: [
        {
          txHash: "aGFzaDE=",
          from: PAYER_RAW.toLowerCase(),
          amountNano: 1_000_000_000n,
          comment: "order-FRE1",
          at: new Date(1_767_225_600_000),
          lt: "47000000000001",
        },
        {
          txHash: "aGFzaDM=",
          from: PAYER_RAW.toLowerCase(),
          amountNano: 3_000_000_000n,
          comment: null,
          at: new Date(1_767_225_720_000),
          lt: "47000000000003",
        },
      ],
      // The last transaction examined (a skipped one), so it is not read again.
      cursor: "47000000000004",
    });
    const sent = requests[0]!;
    expect(sent.url.pathname).toBe("/api/v3/transactions");
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({
      account: SHOP_FRIENDLY,
      start_lt: "0",
      sort: "asc",
      limit: "4",
      offset: "0",
    });
    expect(sent.apiKey).toBe("k3y");

    const page2 = await chain.incomingTransfers(page1.cursor);
    expect(requests[1]?.url.searchParams.get("start_lt")).toBe("47000000000005");
    expect(page2.transfers.map((t) => [t.lt, t.amountNano, t.comment])).toEqual([
      ["47000000000006", 5_000_000_000n, "order-FRE5 ✓"],
      ["47000000000008", 7_000_000_000n, null],
    ]);
    expect(page2.cursor).toBe("47000000000008");
    expect(await chain.incomingTransfers(page2.cursor)).toEqual({
      transfers: [],
      cursor: "47000000000008",
    });
  });

  it("throws on a failing or unexpected answer, and without a shop address", async () => {
    const chain = toncenterChain(baseUrl, fetch, { shopAddress: SHOP_RAW });
    mode = "error";
    await expect(chain.incomingTransfers(null)).rejects.toThrow(ChainNotRespondingError);
    mode = "garbage";
    await expect(chain.incomingTransfers(null)).rejects.toThrow(
      "Unexpected toncenter transactions answer",
    );
    mode = "ok";
    await expect(chain.incomingTransfers("not-a-cursor")).rejects.toThrow("Invalid chain cursor");
    await expect(toncenterChain(baseUrl).incomingTransfers(null)).rejects.toThrow(
      "incoming transfers need the shop address: not configured",
    );
  });

  it("pings masterchainInfo, and says payouts need a hot wallet", async () => {
    mode = "ok";
    const chain = toncenterChain(baseUrl);
    await chain.ping(AbortSignal.timeout(5000));
    expect(requests.at(-1)?.url.pathname).toBe("/api/v3/masterchainInfo");
    await expect(
      chain.sendPayout({ to: PAYER_RAW, amountNano: 1n, reference: "w" }),
    ).rejects.toThrow("payouts need a hot wallet: not configured");
    await expect(chain.payoutStatus("p")).rejects.toThrow(
      "payouts need a hot wallet: not configured",
    );
  });
});
