// FRE payouts on the real chain (decision 0019, "toncenter payouts"): a TEP-74 jetton transfer
// from the hot wallet (wallet v4R2, key from TON_HOT_WALLET_MNEMONIC), sent and confirmed
// through toncenter v3. No local state is needed to pay at most once: the query id of a payout
// is derived from its reference, and the chain's history is searched for it before any send.
// The wallet's external message (state init, subwallet, valid_until, seqno, signature) is built
// by @ton/ton's WalletContractV4 (decision 0033); its HTTP client is not used: the seqno and the
// history come from the same toncenter v3 calls as the rest of this file.

import { createHash } from "node:crypto";
import {
  Address,
  beginCell,
  Cell,
  external,
  internal,
  loadMessageRelaxed,
  type MessageRelaxed,
  SendMode,
  storeMessage,
} from "@ton/core";
import type { WalletContractV4 } from "@ton/ton";
import { z } from "zod";
import { type Clock, systemClock } from "../../lib/clock.ts";
import type {
  Chain,
  HotWalletBalances,
  PayoutReceipt,
  PayoutRequest,
  PayoutStatus,
} from "../../modules/ton/chain.ts";
import {
  ChainNotRespondingError,
  PayoutConflictError,
  UnknownPayoutError,
} from "../../modules/ton/chain-errors.ts";
import { buildJettonTransfer, JETTON_TRANSFER_OP, parseJettonTransfer } from "./jetton-transfer.ts";

/** TEP-74 `excesses`: the TON left over, sent back to the response address once delivered. */
export const JETTON_EXCESSES_OP = 0xd53276db;
const BOUNCED_PREFIX = 0xffffffff;

export interface ToncenterPayoutsOptions {
  baseUrl: string;
  fetchImpl?: typeof fetch;
  apiKey?: string;
  /** The hot wallet's 24 words (never logged). */
  mnemonic: string;
  /** The FRE jetton master's address. */
  jettonMaster: string;
  /** Time of the signatures (valid_until) and of the confirmation delays. */
  clock?: Clock;
  /** nanoTON attached to the jetton wallet for the fees; the excess comes back (default 0.05 TON). */
  attachedTonNano?: bigint;
  /** nanoTON forwarded to the recipient with the comment (default 1 nanoTON). */
  forwardTonNano?: bigint;
  /** How long a signed message may land (default 60 s). */
  messageTtlSeconds?: number;
  timeoutMs?: number;
  /** Pages of 100 transactions read at most per history search (default 20). */
  maxPages?: number;
}

export type ToncenterPayouts = Pick<Chain, "sendPayout" | "payoutStatus"> & {
  payoutTxHash(payoutId: string): Promise<string | null>;
  payoutReceipt(payoutId: string): Promise<PayoutReceipt>;
  hotWalletBalances(): Promise<HotWalletBalances>;
  /** The hot wallet's address (raw form). */
  hotWalletAddress(): Promise<string>;
};

/** The chain's history cannot prove yet whether a payout left: retry later, never resend now. */
export class HotWalletNotSyncedError extends Error {
  constructor(reason: string) {
    super(`Hot wallet not in sync: ${reason}`);
  }
}

/** Clock skew allowed between this server and the chain's block times. */
const SKEW_SECONDS = 30;
/** A landed transfer with neither excess nor bounce after this long is taken as delivered. */
const CONFIRM_WITHOUT_EXCESS_SECONDS = 300;
/** Beyond the attachment, what the hot wallet's own transaction may cost (0.05 TON: generous). */
const PAYOUT_FEE_MARGIN_NANO = 50_000_000n;
const PAGE = 100;

/** The u64 query id of a reference: the same reference always gives the same id. */
export function payoutQueryId(reference: string): bigint {
  return createHash("sha256").update(`fre-payout:${reference}`).digest().readBigUInt64BE(0);
}

/** The signed part of a wallet v4R2 external message, as the wallet reads it. */
export interface WalletV4Transfer {
  signature: Buffer;
  /** The cell whose hash is signed. */
  signed: Cell;
  subwalletId: number;
  validUntil: number;
  seqno: number;
  op: number;
  /** The messages the wallet is asked to send, with their send modes. */
  messages: { mode: number; message: MessageRelaxed }[];
}

/**
 * Reads a wallet v4R2 external message body (signature, subwallet, valid_until, seqno, op 0),
 * any wallet app's as well as ours: the history search must see every send of the hot wallet,
 * whatever the send modes of its messages (@ton/ton reads only its own shape of them).
 */
export function parseWalletV4Transfer(body: Cell): WalletV4Transfer {
  const slice = body.beginParse();
  const signature = slice.loadBuffer(64);
  const signed = slice.asCell();
  const subwalletId = slice.loadUint(32);
  const validUntil = slice.loadUint(32);
  const seqno = slice.loadUint(32);
  const op = slice.loadUint(8);
  const messages: WalletV4Transfer["messages"] = [];
  if (op === 0) {
    while (slice.remainingRefs > 0) {
      const mode = slice.loadUint(8);
      messages.push({ mode, message: loadMessageRelaxed(slice.loadRef().beginParse()) });
    }
  }
  return { signature, signed, subwalletId, validUntil, seqno, op, messages };
}

const decimal = z.string().regex(/^\d+$/);
const message = z.object({
  source: z.string().nullish(),
  value: decimal.nullish(),
  fwd_fee: decimal.nullish(),
  destination: z.string().nullish(),
  bounced: z.boolean().nullish(),
  message_content: z.object({ body: z.string().nullish() }).nullish(),
});
const transactionsAnswer = z.object({
  transactions: z.array(
    z.object({
      hash: z.string().min(1),
      lt: decimal,
      now: z.number().int(),
      total_fees: decimal.nullish(),
      description: z
        .object({
          aborted: z.boolean().nullish(),
          compute_ph: z.object({ success: z.boolean().nullish() }).nullish(),
        })
        .nullish(),
      in_msg: message.nullish(),
      out_msgs: z.array(message).nullish(),
    }),
  ),
});
const accountAnswer = z.object({ balance: decimal });
const getMethodAnswer = z.object({
  exit_code: z.number().int(),
  stack: z.array(z.object({ type: z.string(), value: z.string().max(100_000).nullish() })),
});

type Tx = z.infer<typeof transactionsAnswer>["transactions"][number];

interface WalletSend {
  txHash: string;
  now: number;
  seqno: number;
  validUntil: number;
  /** Compute failed after the wallet accepted it: its seqno was not used. */
  aborted: boolean;
  /** The wallet sent the transfer on to its jetton wallet. */
  forwarded: boolean;
  transfer: ReturnType<typeof parseJettonTransfer> | null;
  /**
   * What the transaction took from the wallet: its total_fees, and the value and forward fee of
   * every message it sent; null when the indexer gave no fees.
   */
  spentNano: bigint | null;
}

/** An excess back at the hot wallet: the TON returned, less what receiving it cost. */
interface Excess {
  returnedNano: bigint | null;
}

interface History {
  /** Sends of the hot wallet by query id (a successful one wins over an aborted one). */
  sends: Map<bigint, WalletSend>;
  bounced: Set<bigint>;
  excesses: Map<bigint, Excess>;
  /** Seqno of the newest indexed send that used its seqno; null: none found. */
  lastSeqno: number | null;
}

const cellOf = (base64: string | null | undefined) => {
  if (!base64) return null;
  try {
    return Cell.fromBase64(base64);
  } catch {
    return null;
  }
};

const sameAddress = (a: string | null | undefined, b: Address) => {
  if (!a) return false;
  try {
    return Address.parse(a).equals(b);
  } catch {
    return false;
  }
};

/** A payout id names the signed message: `tc1:<query id hex>:<seqno>:<valid_until>`. */
function encodePayoutId(queryId: bigint, seqno: number, validUntil: number) {
  return `tc1:${queryId.toString(16).padStart(16, "0")}:${seqno}:${validUntil}`;
}

function decodePayoutId(payoutId: string) {
  const decoded = readPayoutId(payoutId);
  if (!decoded) throw new UnknownPayoutError(payoutId);
  return decoded;
}

function readPayoutId(payoutId: string) {
  const match = /^tc1:([0-9a-f]{16}):(\d{1,10}):(\d{1,10})$/.exec(payoutId);
  if (!match) return null;
  return {
    queryId: BigInt(`0x${match[1]}`),
    seqno: Number(match[2]),
    validUntil: Number(match[3]),
  };
}

/**
 * Jetton payouts from a wallet v4R2 hot wallet through toncenter v3. Paying at most once rests
 * on three facts of the chain, not on timing: every message carries the reference's query id;
 * a wallet v4R2 accepts one message per seqno; and a send is signed only when the indexed
 * history has caught up with the wallet's seqno and shows no transfer with that query id. An
 * earlier message for the same reference that is still in flight then has the same seqno as
 * the new one, and at most one of the two can land.
 */
export function toncenterPayouts(options: ToncenterPayoutsOptions): ToncenterPayouts {
  const fetchImpl = options.fetchImpl ?? fetch;
  const clock = options.clock ?? systemClock;
  const attached = options.attachedTonNano ?? 50_000_000n;
  const forward = options.forwardTonNano ?? 1n;
  const ttl = options.messageTtlSeconds ?? 60;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxPages = options.maxPages ?? 20;
  const master = Address.parse(options.jettonMaster);
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) headers["x-api-key"] = options.apiKey;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  type Hot = {
    secretKey: Buffer;
    contract: WalletContractV4;
    address: Address;
    jettonWallet?: Address;
  };
  let hot: Promise<Hot> | undefined;
  const hotWallet = () => {
    hot ??= (async () => {
      // @ton/ton and @ton/crypto with the first payout, not at boot (decision 0055).
      const [{ mnemonicToPrivateKey }, { WalletContractV4 }] = await Promise.all([
        import("@ton/crypto"),
        import("@ton/ton"),
      ]);
      const keys = await mnemonicToPrivateKey(options.mnemonic.trim().split(/\s+/));
      // Subwallet 698983191 on the basechain, as wallet apps create it.
      const contract = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
      return { secretKey: keys.secretKey, contract, address: contract.address };
    })();
    return hot;
  };
  // This process's last send: a second payout waits until the wallet's seqno has moved past it.
  let inFlight: { seqno: number; validUntil: number } | null = null;
  const receipts = new Map<string, PayoutReceipt>();

  async function call(path: string, init?: { body: unknown }) {
    const response = await fetchImpl(new URL(path, options.baseUrl), {
      method: init ? "POST" : "GET",
      headers: init ? { ...headers, "content-type": "application/json" } : headers,
      body: init ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new ChainNotRespondingError(response.status);
    return response.json() as Promise<unknown>;
  }

  async function getMethod(address: Address, method: string, stack: unknown[] = []) {
    const answer = getMethodAnswer.safeParse(
      await call("/api/v3/runGetMethod", {
        body: { address: address.toRawString(), method, stack },
      }),
    );
    if (!answer.success) throw new Error("Unexpected toncenter runGetMethod answer");
    return answer.data;
  }

  /** The wallet's seqno; 0 while it is not deployed (its first message deploys it). */
  async function seqnoOf(address: Address) {
    const answer = await getMethod(address, "seqno");
    const [top] = answer.stack;
    if (answer.exit_code !== 0 || top?.type !== "num" || !top.value) return 0;
    return Number(BigInt(top.value));
  }

  async function jettonWalletOf(wallet: Hot) {
    if (wallet.jettonWallet) return wallet.jettonWallet;
    const owner = beginCell().storeAddress(wallet.address).endCell().toBoc().toString("base64");
    const answer = await getMethod(master, "get_wallet_address", [{ type: "slice", value: owner }]);
    const [top] = answer.stack;
    const cell = answer.exit_code === 0 ? cellOf(top?.value) : null;
    if (!cell) throw new Error("The jetton master gave no wallet address for the hot wallet");
    wallet.jettonWallet = cell.beginParse().loadAddress();
    return wallet.jettonWallet;
  }

  /**
   * The hot wallet's history, newest first, back to `since` (unix seconds) and at least to its
   * newest send that used a seqno. Throws when that is more than `maxPages` pages back.
   */
  async function history(wallet: Hot, jettonWallet: Address, since: number): Promise<History> {
    const found: History = {
      sends: new Map(),
      bounced: new Set(),
      excesses: new Map(),
      lastSeqno: null,
    };
    let endLt: bigint | null = null;
    for (let page = 0; page < maxPages; page += 1) {
      const query = new URLSearchParams({
        account: wallet.address.toRawString(),
        sort: "desc",
        limit: String(PAGE),
        offset: "0",
      });
      if (endLt !== null) query.set("end_lt", endLt.toString());
      const answer = transactionsAnswer.safeParse(await call(`/api/v3/transactions?${query}`));
      if (!answer.success) throw new Error("Unexpected toncenter transactions answer");
      const txs = answer.data.transactions.filter((tx) => endLt === null || BigInt(tx.lt) <= endLt);
      for (const tx of txs) readTransaction(tx, jettonWallet, found);
      const oldest = txs.at(-1);
      if (!oldest || txs.length < PAGE) return found;
      if (oldest.now < since && found.lastSeqno !== null) return found;
      endLt = BigInt(oldest.lt) - 1n;
    }
    throw new HotWalletNotSyncedError("history too long to search");
  }

  function readTransaction(tx: Tx, jettonWallet: Address, into: History) {
    const body = cellOf(tx.in_msg?.message_content?.body);
    if (!body) return;
    if (!tx.in_msg?.source) {
      // An external message: one of the wallet's own sends.
      let send: WalletV4Transfer;
      try {
        send = parseWalletV4Transfer(body);
      } catch {
        return;
      }
      const aborted =
        Boolean(tx.description?.aborted) || tx.description?.compute_ph?.success === false;
      if (!aborted && into.lastSeqno === null) into.lastSeqno = send.seqno;
      for (const { message: m } of send.messages) {
        if (m.info.type !== "internal" || !m.info.dest.equals(jettonWallet)) continue;
        let transfer: WalletSend["transfer"];
        try {
          transfer = parseJettonTransfer(m.body);
        } catch {
          continue;
        }
        const previous = into.sends.get(transfer.queryId);
        if (previous && !previous.aborted) continue;
        into.sends.set(transfer.queryId, {
          txHash: Buffer.from(tx.hash, "base64").toString("hex"),
          now: tx.now,
          seqno: send.seqno,
          validUntil: send.validUntil,
          aborted,
          forwarded: (tx.out_msgs ?? []).some((out) => sameAddress(out.destination, jettonWallet)),
          transfer,
          spentNano: spentBy(tx),
        });
      }
      return;
    }
    try {
      const slice = body.beginParse();
      const op = slice.loadUint(32);
      if (op === BOUNCED_PREFIX && tx.in_msg.bounced !== false) {
        if (slice.loadUint(32) === JETTON_TRANSFER_OP) into.bounced.add(slice.loadUintBig(64));
      } else if (op === JETTON_EXCESSES_OP) {
        const queryId = slice.loadUintBig(64);
        const value = tx.in_msg.value;
        const fees = tx.total_fees;
        into.excesses.set(queryId, {
          returnedNano: value != null && fees != null ? BigInt(value) - BigInt(fees) : null,
        });
      }
    } catch {
      // Not a message of ours.
    }
  }

  /** The TON a wallet transaction took: its fees, and what its messages carried and cost. */
  function spentBy(tx: Tx) {
    if (tx.total_fees == null) return null;
    let spent = BigInt(tx.total_fees);
    for (const out of tx.out_msgs ?? []) {
      spent += BigInt(out.value ?? "0") + BigInt(out.fwd_fee ?? "0");
    }
    return spent;
  }

  /**
   * What a payout cost the hot wallet (decision 0070): what its transaction took, less the
   * excess the jetton wallet sent back (what receiving it cost stays counted); null without the
   * fees, or with an excess whose value is unknown.
   */
  function feeOf(sent: WalletSend, excess: Excess | undefined) {
    if (sent.spentNano === null) return null;
    if (!excess) return sent.spentNano;
    if (excess.returnedNano === null) return null;
    return sent.spentNano - excess.returnedNano;
  }

  /** Is the indexed history as far as the wallet's seqno (the chain's own answer)? */
  const caughtUp = (seen: History, seqno: number) =>
    seqno === 0 ? seen.lastSeqno === null : seen.lastSeqno === seqno - 1;

  function signTransfer(
    wallet: Hot,
    jettonWallet: Address,
    request: PayoutRequest,
    queryId: bigint,
    seqno: number,
    validUntil: number,
  ) {
    const transfer = buildJettonTransfer({
      queryId,
      amount: request.amountNano,
      destination: Address.parse(request.to),
      responseDestination: wallet.address,
      forwardTonAmount: forward,
      comment: request.reference,
    });
    const toJettonWallet = internal({
      to: jettonWallet,
      value: attached,
      bounce: true,
      body: transfer,
    });
    const body = wallet.contract.createTransfer({
      seqno,
      secretKey: wallet.secretKey,
      messages: [toJettonWallet],
      sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
      timeout: validUntil,
    });
    // The first message deploys the wallet: it carries the state init.
    const message = external({
      to: wallet.address,
      init: seqno === 0 ? wallet.contract.init : undefined,
      body,
    });
    return beginCell().store(storeMessage(message)).endCell().toBoc().toString("base64");
  }

  async function payoutReceipt(payoutId: string): Promise<PayoutReceipt> {
    const known = receipts.get(payoutId);
    if (known) return known;
    const { queryId, validUntil } = decodePayoutId(payoutId);
    const wallet = await hotWallet();
    const seen = await history(wallet, await jettonWalletOf(wallet), validUntil - ttl - 60);
    const sent = seen.sends.get(queryId);
    if (!sent) return { txHash: null, feeNano: null };
    return { txHash: sent.txHash, feeNano: feeOf(sent, seen.excesses.get(queryId)) };
  }

  return {
    async hotWalletAddress() {
      return (await hotWallet()).address.toRawString();
    },

    async sendPayout(request) {
      if (request.amountNano <= 0n || !request.reference) {
        throw new TypeError("A payout needs a positive amount and a reference");
      }
      const destination = Address.parse(request.to);
      const queryId = payoutQueryId(request.reference);
      const wallet = await hotWallet();
      const jettonWallet = await jettonWalletOf(wallet);
      const now = nowSeconds();
      const since =
        Math.floor((request.since?.getTime() ?? (now - 86_400) * 1000) / 1000) - SKEW_SECONDS;
      const seqno = await seqnoOf(wallet.address);
      const seen = await history(wallet, jettonWallet, since);
      const sent = seen.sends.get(queryId);
      // An aborted send used no seqno and paid nothing: not a payout to answer with (it may
      // still run again until its expiry, which the in-flight check below waits for).
      if (sent?.transfer && !sent.aborted) {
        // Already on the chain: this call is a reconciliation, nothing is sent.
        if (
          sent.transfer.amount !== request.amountNano ||
          !sent.transfer.destination.equals(destination)
        ) {
          throw new PayoutConflictError(request.reference);
        }
        return { payoutId: encodePayoutId(queryId, sent.seqno, sent.validUntil) };
      }
      if (!caughtUp(seen, seqno)) throw new HotWalletNotSyncedError("indexer behind the wallet");
      // A message signed earlier (by this process, or by one before a restart: the caller's
      // list) that may still execute at this seqno: signing another would give two payouts the
      // same seqno, and the wallet would drop one of them. Wait until it lands or expires.
      const earlier = [
        ...(inFlight ? [inFlight] : []),
        ...(request.inFlight ?? []).map(readPayoutId).filter((p) => p !== null),
      ];
      if (earlier.some((p) => seqno <= p.seqno && now <= p.validUntil + SKEW_SECONDS)) {
        throw new HotWalletNotSyncedError("an earlier payout may still land at this seqno");
      }
      const validUntil = now + ttl;
      const boc = signTransfer(wallet, jettonWallet, request, queryId, seqno, validUntil);
      const payoutId = encodePayoutId(queryId, seqno, validUntil);
      inFlight = { seqno, validUntil };
      await request.beforeSend?.(payoutId);
      // Any failure from here may hide an accepted message: the caller retries with the same
      // reference later, which finds it, or waits until it expired and signs a new one.
      await call("/api/v3/message", { body: { boc } });
      return { payoutId };
    },

    async payoutStatus(payoutId): Promise<PayoutStatus> {
      const { queryId, seqno, validUntil } = decodePayoutId(payoutId);
      const wallet = await hotWallet();
      const jettonWallet = await jettonWalletOf(wallet);
      const now = nowSeconds();
      const seen = await history(wallet, jettonWallet, validUntil - ttl - 2 * SKEW_SECONDS);
      const sent = seen.sends.get(queryId);
      if (sent) {
        // Accepted but rolled back (the seqno not used): nothing left; it may run again until
        // its expiry, then never.
        if (sent.aborted) return now > sent.validUntil + SKEW_SECONDS ? "expired" : "pending";
        // Refused by the hot wallet's jetton wallet (no FRE left), or never forwarded (no TON).
        if (!sent.forwarded || seen.bounced.has(queryId)) return "failed";
        if (seen.excesses.has(queryId) || now - sent.now > CONFIRM_WITHOUT_EXCESS_SECONDS) {
          receipts.set(payoutId, {
            txHash: sent.txHash,
            feeNano: feeOf(sent, seen.excesses.get(queryId)),
          });
          return "confirmed";
        }
        return "sent";
      }
      // Not in the history: expired once it can never land (its seqno used by another message,
      // or past its valid_until) and the history is known to be complete. Nothing left the hot
      // wallet: the caller sends the reference again, with a new seqno (decision 0068).
      const current = await seqnoOf(wallet.address);
      if (!caughtUp(seen, current)) return "pending";
      if (current > seqno || now > validUntil + SKEW_SECONDS) return "expired";
      return "pending";
    },

    async payoutTxHash(payoutId) {
      return (await payoutReceipt(payoutId)).txHash;
    },

    payoutReceipt,

    async hotWalletBalances() {
      const wallet = await hotWallet();
      const jettonWallet = await jettonWalletOf(wallet);
      const query = new URLSearchParams({ address: wallet.address.toRawString() });
      // toncenter answers 404 for an account the chain never saw: it holds nothing.
      const account = await call(`/api/v3/account?${query}`).catch((error: unknown) => {
        if (error instanceof ChainNotRespondingError && error.status === 404) return null;
        throw error;
      });
      const parsed = accountAnswer.safeParse(account ?? { balance: "0" });
      if (!parsed.success) throw new Error("Unexpected toncenter account answer");
      const data = await getMethod(jettonWallet, "get_wallet_data");
      const [top] = data.stack;
      // Not deployed (no jetton received yet): no code to run, no FRE.
      const jettonNano =
        data.exit_code === 0 && top?.type === "num" && top.value ? BigInt(top.value) : 0n;
      return {
        tonNano: BigInt(parsed.data.balance),
        jettonNano,
        tonPerPayoutNano: attached + PAYOUT_FEE_MARGIN_NANO,
      };
    },
  };
}
