// FRE payouts on the real chain (decision 0019, "toncenter payouts"): TEP-74 jetton transfers
// from the hot wallet (wallet v4R2 or W5 v5R1, key from TON_HOT_WALLET_MNEMONIC), sent and
// confirmed through toncenter v3, several per signed message (decision 0075: up to 4 on v4R2,
// up to 255 on W5). The query id of a payout is derived from its reference, and the chain's
// history is searched for it before any send — back to the reference's first signing, which the
// caller records before the message leaves (decision 0078; without a record, to `since`).
// The wallet's external message (state init, subwallet, valid_until, seqno, signature) is built
// by @ton/ton's WalletContractV4 / WalletContractV5R1 (decision 0033); its HTTP client is not
// used: the seqno and the history come from the same toncenter v3 calls as the rest of this file.

import { createHash } from "node:crypto";
import {
  Address,
  beginCell,
  Cell,
  external,
  internal,
  loadMessageRelaxed,
  loadOutList,
  type MessageRelaxed,
  SendMode,
  storeMessage,
} from "@ton/core";
import { z } from "zod";
import { type Clock, systemClock } from "../../lib/clock.ts";
import type {
  Chain,
  HotWalletBalances,
  PayoutBatchAnswer,
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

/** The hot wallet's contract (TON_HOT_WALLET_KIND): its address depends on it. */
export type HotWalletKind = "v4r2" | "v5r1";

/** Messages one external message of the wallet may carry: v4R2 4, W5 255 (decision 0075). */
export const WALLET_MAX_MESSAGES: Record<HotWalletKind, number> = { v4r2: 4, v5r1: 255 };

/**
 * The largest external message a validator takes (config param 43, max_ext_msg_size, bytes of
 * its BoC); a batch that would be larger is cut down.
 */
export const MAX_EXTERNAL_BOC_BYTES = 65_535;

export interface ToncenterPayoutsOptions {
  baseUrl: string;
  /** The hot wallet's contract (default v4r2, the wallet apps' long-time default). */
  walletKind?: HotWalletKind;
  /** Payouts per signed message, at most the wallet's own limit (default: that limit). */
  batchSize?: number;
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
  sendPayouts(requests: PayoutRequest[]): Promise<PayoutBatchAnswer[]>;
  payoutStatuses(payoutIds: string[]): Promise<Map<string, PayoutStatus | Error>>;
  payoutBatchSize: number;
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
/**
 * How far before a reference's recorded first signing its history search starts (decision
 * 0078): the skew between the clock that wrote the record and the chain's block times.
 */
const SIGNED_MARGIN_SECONDS = 60;
/** A landed transfer with neither excess nor bounce after this long is taken as delivered. */
const CONFIRM_WITHOUT_EXCESS_SECONDS = 300;
/** Beyond the attachment, what the hot wallet's own transaction may cost (0.05 TON: generous). */
const PAYOUT_FEE_MARGIN_NANO = 50_000_000n;
const PAGE = 100;

/** The u64 query id of a reference: the same reference always gives the same id. */
export function payoutQueryId(reference: string): bigint {
  return createHash("sha256").update(`fre-payout:${reference}`).digest().readBigUInt64BE(0);
}

/** The signed part of a wallet v4R2 or W5 external message, as the wallet reads it. */
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

/** W5's `auth_signed_external` ("sign"). */
const W5_SIGNED_EXTERNAL = 0x7369676e;

/**
 * Reads a W5 (v5R1) external message body: `sign` wallet_id valid_until seqno, the out list
 * (Maybe ^OutList) and the extended actions' bit, the signature at the tail. Its send actions
 * are the messages; a body that is not one throws.
 */
export function parseWalletV5Transfer(body: Cell): WalletV4Transfer {
  const slice = body.beginParse();
  if (slice.remainingBits < 32 + 32 + 32 + 32 + 1 + 1 + 512) throw new Error("not a W5 transfer");
  const op = slice.loadUint(32);
  if (op !== W5_SIGNED_EXTERNAL) throw new Error("not a W5 signed external message");
  const subwalletId = slice.loadUint(32);
  const validUntil = slice.loadUint(32);
  const seqno = slice.loadUint(32);
  const list = slice.loadMaybeRef();
  const messages: WalletV4Transfer["messages"] = [];
  for (const action of list ? loadOutList(list.beginParse()) : []) {
    if (action.type === "sendMsg") messages.push({ mode: action.mode, message: action.outMsg });
  }
  slice.loadBit(); // extended actions: none of FRE's
  const bits = body.bits;
  const signature = bits.substring(bits.length - 512, 512).subbuffer(0, 512)!;
  const unsigned = beginCell().storeBits(bits.substring(0, bits.length - 512));
  for (const ref of body.refs) unsigned.storeRef(ref);
  const signed = unsigned.endCell();
  return { signature, signed, subwalletId, validUntil, seqno, op: 0, messages };
}

/** Either wallet's external message body, as the hot wallet of that kind reads it. */
export function parseWalletTransfer(body: Cell, kind: HotWalletKind): WalletV4Transfer {
  return kind === "v5r1" ? parseWalletV5Transfer(body) : parseWalletV4Transfer(body);
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
   * What the transaction took from the wallet for this payout: its share of the total_fees (the
   * fees split evenly over the payouts of the batch, the remainder on the first), and the value
   * and forward fee of the payout's own message; null when the indexer gave no fees.
   */
  spentNano: bigint | null;
  /** Payouts the same signed message carried. */
  batch: number;
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

/** The query id of a jetton transfer body; null for any other body. */
function queryIdOf(body: Cell | null) {
  if (!body) return null;
  try {
    const slice = body.beginParse();
    if (slice.loadUint(32) !== JETTON_TRANSFER_OP) return null;
    return slice.loadUintBig(64);
  } catch {
    return null;
  }
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

  const kind: HotWalletKind = options.walletKind ?? "v4r2";
  const batchSize = Math.max(
    1,
    Math.min(options.batchSize ?? WALLET_MAX_MESSAGES[kind], WALLET_MAX_MESSAGES[kind]),
  );

  type Hot = {
    secretKey: Buffer;
    /** The wallet's signed body of these messages at this seqno (mode 3 each). */
    sign(seqno: number, messages: MessageRelaxed[], validUntil: number): Cell;
    init: { code: Cell; data: Cell };
    address: Address;
    jettonWallet?: Address;
  };
  let hot: Promise<Hot> | undefined;
  const hotWallet = () => {
    hot ??= (async () => {
      // @ton/ton and @ton/crypto with the first payout, not at boot (decision 0055).
      const [{ mnemonicToPrivateKey }, { WalletContractV4, WalletContractV5R1 }] =
        await Promise.all([import("@ton/crypto"), import("@ton/ton")]);
      const keys = await mnemonicToPrivateKey(options.mnemonic.trim().split(/\s+/));
      const sendMode = SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS;
      // v4R2: subwallet 698983191 on the basechain, as wallet apps create it. W5: @ton/ton's
      // default wallet id (basechain, subwallet 0, mainnet's network id — the same on testnet:
      // the address is FRE's own, shown by ton:check).
      const v5 = WalletContractV5R1.create({ workchain: 0, publicKey: keys.publicKey });
      const v4 = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
      const contract = kind === "v5r1" ? v5 : v4;
      const sign = (seqno: number, messages: MessageRelaxed[], validUntil: number) => {
        const args = { seqno, secretKey: keys.secretKey, messages, sendMode, timeout: validUntil };
        return kind === "v5r1" ? v5.createTransfer(args) : v4.createTransfer(args);
      };
      return { secretKey: keys.secretKey, sign, init: contract.init, address: contract.address };
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
   * newest send that used a seqno — or only until a send of each of `wanted` was found (what
   * followed a send, its bounce or excess, is newer: read already; decision 0078). Throws when
   * that is more than `maxPages` pages back.
   */
  async function history(
    wallet: Hot,
    jettonWallet: Address,
    since: number,
    wanted?: Iterable<bigint>,
  ): Promise<History> {
    const missing = new Set(wanted);
    const stopEarly = missing.size > 0;
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
      if (found.lastSeqno === null) {
        endLt = BigInt(oldest.lt) - 1n;
        continue;
      }
      if (oldest.now < since) return found;
      if (stopEarly) {
        for (const queryId of missing) {
          const sent = found.sends.get(queryId);
          // An aborted send paid nothing: an earlier one may still be further back.
          if (sent && !sent.aborted) missing.delete(queryId);
        }
        if (missing.size === 0) return found;
      }
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
        send = parseWalletTransfer(body, kind);
      } catch {
        return;
      }
      const aborted =
        Boolean(tx.description?.aborted) || tx.description?.compute_ph?.success === false;
      if (!aborted && into.lastSeqno === null) into.lastSeqno = send.seqno;
      const transfers: NonNullable<WalletSend["transfer"]>[] = [];
      for (const { message: m } of send.messages) {
        if (m.info.type !== "internal" || !m.info.dest.equals(jettonWallet)) continue;
        try {
          transfers.push(parseJettonTransfer(m.body));
        } catch {
          // Not a jetton transfer: no payout of FRE's.
        }
      }
      if (transfers.length === 0) return;
      // The messages the wallet did send (an action skipped for lack of TON sent none).
      const outs = new Map<bigint, z.infer<typeof message>>();
      for (const out of tx.out_msgs ?? []) {
        if (!sameAddress(out.destination, jettonWallet)) continue;
        const queryId = queryIdOf(cellOf(out.message_content?.body));
        if (queryId !== null) outs.set(queryId, out);
      }
      const fees = tx.total_fees == null ? null : BigInt(tx.total_fees);
      const count = BigInt(transfers.length);
      transfers.forEach((transfer, index) => {
        const previous = into.sends.get(transfer.queryId);
        if (previous && !previous.aborted) return;
        const out = outs.get(transfer.queryId);
        const share = fees === null ? null : fees / count + (index === 0 ? fees % count : 0n);
        into.sends.set(transfer.queryId, {
          txHash: Buffer.from(tx.hash, "base64").toString("hex"),
          now: tx.now,
          seqno: send.seqno,
          validUntil: send.validUntil,
          aborted,
          forwarded: out !== undefined,
          transfer,
          spentNano:
            share === null ? null : share + BigInt(out?.value ?? "0") + BigInt(out?.fwd_fee ?? "0"),
          batch: transfers.length,
        });
      });
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

  /** The jetton wallet's message of one payout (TEP-74 transfer, 0.05 TON attached). */
  function payoutMessage(wallet: Hot, jettonWallet: Address, request: PayoutRequest) {
    const transfer = buildJettonTransfer({
      queryId: payoutQueryId(request.reference),
      amount: request.amountNano,
      destination: Address.parse(request.to),
      responseDestination: wallet.address,
      forwardTonAmount: forward,
      comment: request.reference,
    });
    return internal({ to: jettonWallet, value: attached, bounce: true, body: transfer });
  }

  /** The external message (base64 BoC) carrying these messages at this seqno. */
  function signBatch(wallet: Hot, messages: MessageRelaxed[], seqno: number, validUntil: number) {
    const body = wallet.sign(seqno, messages, validUntil);
    // The first message deploys the wallet: it carries the state init.
    const message = external({
      to: wallet.address,
      init: seqno === 0 ? wallet.init : undefined,
      body,
    });
    return beginCell().store(storeMessage(message)).endCell().toBoc();
  }

  async function payoutReceipt(payoutId: string): Promise<PayoutReceipt> {
    const known = receipts.get(payoutId);
    if (known) return known;
    const { queryId, validUntil } = decodePayoutId(payoutId);
    const wallet = await hotWallet();
    const seen = await history(wallet, await jettonWalletOf(wallet), validUntil - ttl - 60, [
      queryId,
    ]);
    const sent = seen.sends.get(queryId);
    if (!sent) return { txHash: null, feeNano: null };
    return { txHash: sent.txHash, feeNano: feeOf(sent, seen.excesses.get(queryId)) };
  }

  // Why the last batch waited (the single-payout path's error says it).
  let lastWait = "";

  /**
   * Pays the references in one signed message (decision 0075): those the history already shows
   * paid are answered with their payout id, nothing sent (a reconciliation); the others are
   * signed together at the wallet's current seqno, each `beforeSend` awaited, then sent — up to
   * `batchSize` of them, the rest answered `wait`. Nothing is signed (all `wait`) while the
   * history is behind the wallet or an earlier message may still take this seqno (decision
   * 0068): one seqno, one message, so at most one of two competing messages executes.
   */
  async function sendPayouts(requests: PayoutRequest[]): Promise<PayoutBatchAnswer[]> {
    const answers: PayoutBatchAnswer[] = requests.map(() => ({ wait: true }));
    const valid: number[] = [];
    requests.forEach((request, index) => {
      if (request.amountNano <= 0n || !request.reference) {
        answers[index] = {
          error: new TypeError("A payout needs a positive amount and a reference"),
        };
      } else {
        valid.push(index);
      }
    });
    if (valid.length === 0) return answers;
    const wallet = await hotWallet();
    const jettonWallet = await jettonWalletOf(wallet);
    const now = nowSeconds();
    // How far back a payout of these references may be (decision 0078): a message can only
    // execute after it was signed, so from a reference's recorded first signing; one never
    // signed (null) cannot be on the chain at all. Without a record: `since` (a day back).
    const bounds = valid.flatMap((i) => {
      const { signedAt, since: approved } = requests[i]!;
      if (signedAt === null) return [];
      if (signedAt) return [Math.floor(signedAt.getTime() / 1000) - SIGNED_MARGIN_SECONDS];
      return [Math.floor((approved?.getTime() ?? (now - 86_400) * 1000) / 1000) - SKEW_SECONDS];
    });
    // None to look for: the history is read only as far as the wallet's newest send.
    const since = bounds.length > 0 ? Math.min(...bounds) : Number.POSITIVE_INFINITY;
    const wanted = valid
      .filter((i) => requests[i]!.signedAt !== null)
      .map((i) => payoutQueryId(requests[i]!.reference));
    const seqno = await seqnoOf(wallet.address);
    const seen = await history(wallet, jettonWallet, since, wanted);
    const toSign: number[] = [];
    const queryIds = new Set<bigint>();
    for (const index of valid) {
      const request = requests[index]!;
      const queryId = payoutQueryId(request.reference);
      let destination: Address;
      try {
        destination = Address.parse(request.to);
      } catch (error) {
        answers[index] = { error };
        continue;
      }
      const sent = seen.sends.get(queryId);
      // An aborted send used no seqno and paid nothing: not a payout to answer with (it may
      // still run again until its expiry, which the in-flight check below waits for).
      if (sent?.transfer && !sent.aborted) {
        // Already on the chain: this is a reconciliation, nothing is sent.
        answers[index] =
          sent.transfer.amount !== request.amountNano ||
          !sent.transfer.destination.equals(destination)
            ? { error: new PayoutConflictError(request.reference) }
            : { payoutId: encodePayoutId(queryId, sent.seqno, sent.validUntil) };
        continue;
      }
      // The same reference twice in one batch: signed once.
      if (queryIds.has(queryId)) {
        answers[index] = { error: new PayoutConflictError(request.reference) };
        continue;
      }
      queryIds.add(queryId);
      toSign.push(index);
    }
    if (toSign.length === 0) return answers;
    if (!caughtUp(seen, seqno)) {
      lastWait = "indexer behind the wallet";
      return answers;
    }
    // A message signed earlier (by this process, or by one before a restart: the callers'
    // lists) that may still execute at this seqno: signing another would give two messages the
    // same seqno, and the wallet would drop one of them. Wait until it lands or expires.
    const earlier = [
      ...(inFlight ? [inFlight] : []),
      ...[...new Set(valid.flatMap((i) => requests[i]!.inFlight ?? []))]
        .map(readPayoutId)
        .filter((p) => p !== null),
    ];
    if (earlier.some((p) => seqno <= p.seqno && now <= p.validUntil + SKEW_SECONDS)) {
      lastWait = "an earlier payout may still land at this seqno";
      return answers;
    }
    const validUntil = now + ttl;
    let batch = toSign.slice(0, batchSize);
    const messagesOf = (indexes: number[]) =>
      indexes.map((i) => payoutMessage(wallet, jettonWallet, requests[i]!));
    let boc = signBatch(wallet, messagesOf(batch), seqno, validUntil);
    // Too large for a validator: fewer payouts in this message, the rest wait for the next.
    while (boc.length > MAX_EXTERNAL_BOC_BYTES && batch.length > 1) {
      const fits = Math.floor((batch.length * MAX_EXTERNAL_BOC_BYTES) / boc.length);
      batch = batch.slice(0, Math.max(1, Math.min(batch.length - 1, fits)));
      boc = signBatch(wallet, messagesOf(batch), seqno, validUntil);
    }
    inFlight = { seqno, validUntil };
    for (const index of batch) {
      const payoutId = encodePayoutId(payoutQueryId(requests[index]!.reference), seqno, validUntil);
      await requests[index]!.beforeSend?.(payoutId);
      answers[index] = { payoutId };
    }
    // Any failure from here may hide an accepted message: the caller retries with the same
    // references later, which finds them, or waits until it expired and signs a new one.
    await call("/api/v3/message", { body: { boc: boc.toString("base64") } });
    return answers;
  }

  /**
   * The status of each payout, the history read once (decision 0068's rules, per query id: a
   * batch's payouts land together but each is forwarded, bounced or confirmed on its own).
   */
  async function payoutStatuses(payoutIds: string[]) {
    const statuses = new Map<string, PayoutStatus | Error>();
    const decoded: { payoutId: string; queryId: bigint; seqno: number; validUntil: number }[] = [];
    for (const payoutId of payoutIds) {
      const read = readPayoutId(payoutId);
      if (read) decoded.push({ payoutId, ...read });
      else statuses.set(payoutId, new UnknownPayoutError(payoutId));
    }
    if (decoded.length === 0) return statuses;
    const wallet = await hotWallet();
    const jettonWallet = await jettonWalletOf(wallet);
    const now = nowSeconds();
    const oldest = Math.min(...decoded.map((d) => d.validUntil));
    const seen = await history(
      wallet,
      jettonWallet,
      oldest - ttl - 2 * SKEW_SECONDS,
      decoded.map((d) => d.queryId),
    );
    let current: number | null = null;
    for (const { payoutId, queryId, seqno, validUntil } of decoded) {
      const sent = seen.sends.get(queryId);
      if (sent) {
        // Accepted but rolled back (the seqno not used): nothing left; it may run again until
        // its expiry, then never.
        if (sent.aborted) {
          statuses.set(payoutId, now > sent.validUntil + SKEW_SECONDS ? "expired" : "pending");
        } else if (!sent.forwarded || seen.bounced.has(queryId)) {
          // Refused by the hot wallet's jetton wallet (no FRE left), or never forwarded (no
          // TON for this one of the batch).
          statuses.set(payoutId, "failed");
        } else if (seen.excesses.has(queryId) || now - sent.now > CONFIRM_WITHOUT_EXCESS_SECONDS) {
          receipts.set(payoutId, {
            txHash: sent.txHash,
            feeNano: feeOf(sent, seen.excesses.get(queryId)),
          });
          statuses.set(payoutId, "confirmed");
        } else {
          statuses.set(payoutId, "sent");
        }
        continue;
      }
      // Not in the history: expired once it can never land (its seqno used by another message,
      // or past its valid_until) and the history is known to be complete. Nothing left the hot
      // wallet: the caller sends the reference again, with a new seqno (decision 0068).
      current ??= await seqnoOf(wallet.address);
      if (!caughtUp(seen, current)) statuses.set(payoutId, "pending");
      else if (current > seqno || now > validUntil + SKEW_SECONDS)
        statuses.set(payoutId, "expired");
      else statuses.set(payoutId, "pending");
    }
    return statuses;
  }

  return {
    async hotWalletAddress() {
      return (await hotWallet()).address.toRawString();
    },

    payoutBatchSize: batchSize,

    async sendPayout(request) {
      const [answer] = await sendPayouts([request]);
      if (answer && "payoutId" in answer) return { payoutId: answer.payoutId };
      if (answer && "error" in answer) throw answer.error;
      throw new HotWalletNotSyncedError(lastWait);
    },

    sendPayouts,

    async payoutStatus(payoutId): Promise<PayoutStatus> {
      const status = (await payoutStatuses([payoutId])).get(payoutId);
      if (status instanceof Error) throw status;
      return status ?? "pending";
    },

    payoutStatuses,

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
