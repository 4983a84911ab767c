import { createHash } from "node:crypto";
import { z } from "zod";
import { type Clock, systemClock } from "../../lib/clock.ts";

/** TonConnect's network ids: mainnet and testnet. */
export type TonNetwork = "-239" | "-3";

/** A TonConnect `ton_proof` as the wallet returns it (plus the account it claims). */
export interface TonProofInput {
  /** Raw address `workchain:hex` of the wallet. */
  address: string;
  network: TonNetwork;
  /** Hex public key the wallet reports. */
  public_key: string;
  proof: {
    /** Unix seconds when the wallet signed. */
    timestamp: number;
    domain: { lengthBytes: number; value: string };
    /** The server-issued challenge the wallet signed. */
    payload: string;
    /** Base64 ed25519 signature. */
    signature: string;
    /** Base64 BoC of the wallet's state init. */
    state_init: string;
  };
}

export type TonProofResult = { ok: true; publicKey: string } | { ok: false; reason: string };

/** The real ton_proof check (signature, domain, timestamp, key ↔ address): a later issue. */
export type TonProofVerifier = (input: TonProofInput) => Promise<TonProofResult>;

/** One payment received on the shop's address. */
export interface IncomingTransfer {
  /** Transaction hash, unique on the chain. */
  txHash: string;
  /** Sender, raw form `workchain:hex` in lower case (toncenter) — as given (simulated). */
  from: string;
  /** Amount in nanoTON (1 TON = 10⁹). */
  amountNano: bigint;
  /** The text comment of the transfer, null without one. */
  comment: string | null;
  at: Date;
  /** Logical time, a u64 in decimal: the chain order of the shop's transactions. */
  lt: string;
}

export type PayoutStatus = "pending" | "sent" | "confirmed" | "failed";

export interface PayoutRequest {
  /** Destination wallet address. */
  to: string;
  amountNano: bigint;
  /** The caller's idempotency key (e.g. the withdrawal id): one reference, at most one send. */
  reference: string;
  /**
   * No payout with this reference was sent before this time (e.g. the approval): how far back a
   * chain without local state searches for an earlier send. Default: a day back.
   */
  since?: Date;
}

/**
 * The TON blockchain as FRE sees it: health, wallet proofs, payments received on the shop's
 * address, and payouts from the hot wallet. Two implementations: `simulatedChain()` (embedded
 * default, a ledger in memory) and `toncenterChain(url)` (toncenter v3 HTTP API).
 */
export interface Chain {
  kind: "simulated" | "toncenter";
  /** Resolves when the chain API answers OK; throws with a reason otherwise. */
  ping(signal: AbortSignal): Promise<void>;
  /** Checks a TonConnect ton_proof; never throws for a bad proof, answers why instead. */
  verifyProof(input: TonProofInput): Promise<TonProofResult>;
  /**
   * The public key (64 hex) of a deployed wallet, from its `get_public_key` get-method; null when
   * the account has no such method (not deployed, not a wallet). Throws when the API fails.
   */
  getPublicKey(address: string): Promise<string | null>;
  /**
   * Payments to the shop's address after `sinceCursor` (null: from the start), in chain order,
   * at most one page of them. `cursor` is where the next call resumes (the lt of the last
   * transaction examined, in decimal), unchanged when nothing new arrived: call again with it
   * until it stops changing. Transactions that are not a payment (outgoing, bounced, aborted,
   * zero value) are skipped but still move the cursor.
   */
  incomingTransfers(
    sinceCursor: string | null,
  ): Promise<{ transfers: IncomingTransfer[]; cursor: string | null }>;
  /**
   * Sends TON from the hot wallet. Idempotent per `reference`: a second call with the same
   * reference (and the same destination and amount) returns the first payoutId and sends
   * nothing; the same reference with other details throws `PayoutConflictError`.
   */
  sendPayout(request: PayoutRequest): Promise<{ payoutId: string }>;
  /** pending → sent → confirmed, or failed. Throws for an unknown payoutId. */
  payoutStatus(payoutId: string): Promise<PayoutStatus>;
  /**
   * The hash of a confirmed payout's transaction (for the explorer link); absent or null when
   * the chain has none to give (the payout id then stands for it).
   */
  payoutTxHash?(payoutId: string): Promise<string | null>;
}

export class ChainNotRespondingError extends Error {
  constructor(readonly status?: number) {
    super("Blockchain API is not responding");
  }
}

export class PayoutConflictError extends Error {
  constructor(reference: string) {
    super(`Payout reference ${reference} was already used for another destination or amount`);
  }
}

/** Thrown by `sendPayout` when the chain refused the payout outright: nothing was recorded. */
export class PayoutRejectedError extends Error {
  constructor(reason: string) {
    super(`Payout rejected: ${reason}`);
  }
}

export class UnknownPayoutError extends Error {
  constructor(payoutId: string) {
    super(`Unknown payout ${payoutId}`);
  }
}

const notAvailable: TonProofVerifier = async () => ({ ok: false, reason: "not available" });

/** A cursor is a decimal lt (or null): anything else is a caller's bug. */
function parseCursor(cursor: string | null): bigint {
  if (cursor === null) return -1n;
  if (typeof cursor !== "string" || !/^\d{1,20}$/.test(cursor)) {
    throw new TypeError(`Invalid chain cursor: ${String(cursor)}`);
  }
  return BigInt(cursor);
}

function assertPayoutRequest(request: PayoutRequest) {
  if (typeof request.to !== "string" || request.to.length === 0) {
    throw new TypeError("Payout needs a destination address");
  }
  if (typeof request.amountNano !== "bigint" || request.amountNano <= 0n) {
    throw new TypeError("Payout amount must be a positive bigint of nanoTON");
  }
  if (typeof request.reference !== "string" || request.reference.length === 0) {
    throw new TypeError("Payout needs a reference");
  }
}

// ---------------------------------------------------------------------------------------------
// Simulated chain
// ---------------------------------------------------------------------------------------------

export interface SimulatedPayout {
  payoutId: string;
  to: string;
  amountNano: bigint;
  reference: string;
  status: PayoutStatus;
}

export interface SimulatedChainOptions {
  /** The ton_proof check to delegate to; without one every proof answers "not available". */
  verifyProof?: TonProofVerifier;
  /** Timestamps of simulated transfers. */
  clock?: Clock;
  /** Transfers per `incomingTransfers` page (default 100). */
  pageSize?: number;
  /**
   * Moves a payout one step (pending → sent → confirmed) after this many `payoutStatus` polls
   * of it, as if the chain progressed between polls. Default: only `settlePayouts()` moves them.
   */
  settleAfterPolls?: number;
}

export interface SimulatedChain extends Chain {
  kind: "simulated";
  /** Dev tools and tests: someone pays the shop. Returns the recorded transfer. */
  simulateIncomingTransfer(transfer: {
    from: string;
    amountNano: bigint;
    comment?: string | null;
  }): IncomingTransfer;
  /** Moves every unfinished payout one step: pending → sent → confirmed (or → failed). */
  settlePayouts(): void;
  /**
   * Makes the next new payout fail: `"failed"` (default) records it, and it goes pending →
   * failed at its next step; `"rejected"` makes `sendPayout` throw `PayoutRejectedError` and
   * record nothing (a retry with the same reference then sends).
   */
  failNextPayout(mode?: "failed" | "rejected"): void;
  /** Every payout recorded so far, oldest first (copies). */
  payouts(): SimulatedPayout[];
}

/** The embedded chain lives inside the server: always reachable, a ledger of TON transfers in
 * memory, deterministic (no timers: time moves only through the clock and the calls above). */
export function simulatedChain(options: SimulatedChainOptions = {}): SimulatedChain {
  const clock = options.clock ?? systemClock;
  const verify = options.verifyProof ?? notAvailable;
  const pageSize = options.pageSize ?? 100;
  const settleAfterPolls = options.settleAfterPolls;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new TypeError("pageSize must be ≥ 1");
  if (
    settleAfterPolls !== undefined &&
    (!Number.isInteger(settleAfterPolls) || settleAfterPolls < 1)
  ) {
    throw new TypeError("settleAfterPolls must be ≥ 1");
  }

  const transfers: IncomingTransfer[] = [];
  let lastLt = 0n;
  const payouts = new Map<string, SimulatedPayout & { failing: boolean; polls: number }>();
  const byReference = new Map<string, string>();
  let nextFailure: "failed" | "rejected" | null = null;

  const step = (payout: SimulatedPayout & { failing: boolean; polls: number }) => {
    payout.polls = 0;
    if (payout.status === "pending") payout.status = payout.failing ? "failed" : "sent";
    else if (payout.status === "sent") payout.status = "confirmed";
  };

  return {
    kind: "simulated",
    ping: async () => {},
    verifyProof: (input) => verify(input),
    // No contract runs on the simulated chain: wallets prove their key with their state init.
    getPublicKey: async () => null,

    simulateIncomingTransfer({ from, amountNano, comment = null }) {
      if (typeof from !== "string" || from.length === 0) throw new TypeError("from is required");
      if (typeof amountNano !== "bigint" || amountNano <= 0n) {
        throw new TypeError("amountNano must be a positive bigint");
      }
      lastLt += 1000n;
      const lt = lastLt.toString();
      const transfer: IncomingTransfer = {
        txHash: createHash("sha256").update(`simulated:${lt}`).digest("hex"),
        from,
        amountNano,
        comment,
        at: clock.now(),
        lt,
      };
      transfers.push(transfer);
      return { ...transfer };
    },

    async incomingTransfers(sinceCursor) {
      const after = parseCursor(sinceCursor);
      const page = transfers.filter((t) => BigInt(t.lt) > after).slice(0, pageSize);
      const last = page.at(-1);
      return { transfers: page.map((t) => ({ ...t })), cursor: last ? last.lt : sinceCursor };
    },

    async sendPayout(request) {
      assertPayoutRequest(request);
      const existingId = byReference.get(request.reference);
      if (existingId) {
        const existing = payouts.get(existingId)!;
        if (existing.to !== request.to || existing.amountNano !== request.amountNano) {
          throw new PayoutConflictError(request.reference);
        }
        return { payoutId: existingId };
      }
      const failure = nextFailure;
      nextFailure = null;
      if (failure === "rejected") throw new PayoutRejectedError("simulated failure");
      const payoutId = `sim-payout-${payouts.size + 1}`;
      payouts.set(payoutId, {
        payoutId,
        to: request.to,
        amountNano: request.amountNano,
        reference: request.reference,
        status: "pending",
        failing: failure === "failed",
        polls: 0,
      });
      byReference.set(request.reference, payoutId);
      return { payoutId };
    },

    async payoutStatus(payoutId) {
      const payout = payouts.get(payoutId);
      if (!payout) throw new UnknownPayoutError(payoutId);
      if (settleAfterPolls !== undefined && payout.status !== "confirmed") {
        payout.polls += 1;
        if (payout.polls >= settleAfterPolls) step(payout);
      }
      return payout.status;
    },

    settlePayouts() {
      for (const payout of payouts.values()) step(payout);
    },

    failNextPayout(mode = "failed") {
      nextFailure = mode;
    },

    payouts() {
      return [...payouts.values()].map(({ payoutId, to, amountNano, reference, status }) => ({
        payoutId,
        to,
        amountNano,
        reference,
        status,
      }));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// toncenter v3
// ---------------------------------------------------------------------------------------------

export interface ToncenterChainOptions {
  /** The shop's address (payments are read from its transactions); required by incomingTransfers. */
  shopAddress?: string;
  /** toncenter API key (`X-API-Key`); without one toncenter allows about 1 request a second. */
  apiKey?: string;
  /** Transactions per page (default 100). */
  pageSize?: number;
  /** Per-request timeout of the payment reads (default 10 s). */
  timeoutMs?: number;
  /** The ton_proof check; without one every proof answers "not available". */
  verifyProof?: TonProofVerifier;
  /** Payouts from the hot wallet (`toncenter-payouts.ts`); without them sendPayout throws. */
  payouts?: Pick<Chain, "sendPayout" | "payoutStatus" | "payoutTxHash">;
}

const decimal = z.string().regex(/^\d+$/);

/** The part of toncenter v3's `GET /api/v3/transactions` answer read here. */
const toncenterTransactions = z.object({
  transactions: z.array(
    z.object({
      hash: z.string().min(1),
      lt: decimal,
      now: z.number().int(),
      description: z.object({ aborted: z.boolean().nullish() }).nullish(),
      in_msg: z
        .object({
          source: z.string().nullish(),
          value: decimal.nullish(),
          bounced: z.boolean().nullish(),
          message_content: z
            .object({
              decoded: z
                .object({ type: z.string().nullish(), comment: z.string().nullish() })
                .nullish(),
            })
            .nullish(),
        })
        .nullish(),
    }),
  ),
});

/** toncenter v3's `POST /api/v3/runGetMethod` answer (a num is hex, `0x…`). */
const toncenterGetMethod = z.object({
  exit_code: z.number().int(),
  stack: z.array(
    z.object({
      type: z.string(),
      value: z
        .string()
        .regex(/^-?0x[0-9a-fA-F]{1,64}$/)
        .nullish(),
    }),
  ),
});

type ToncenterTransaction = z.infer<typeof toncenterTransactions>["transactions"][number];

/** A payment to the account, or null for any other transaction. */
function toIncomingTransfer(tx: ToncenterTransaction): IncomingTransfer | null {
  const message = tx.in_msg;
  // External messages (the wallet's own sends) have no source; bounced and aborted ones paid
  // nothing.
  if (!message?.source || message.bounced || tx.description?.aborted) return null;
  const amountNano = BigInt(message.value ?? "0");
  if (amountNano <= 0n) return null;
  const decoded = message.message_content?.decoded;
  return {
    txHash: tx.hash,
    from: message.source.toLowerCase(),
    amountNano,
    comment: decoded?.type === "text_comment" ? (decoded.comment ?? null) : null,
    at: new Date(tx.now * 1000),
    lt: tx.lt,
  };
}

/** toncenter v3 HTTP API (testnet or mainnet); health = masterchain info answers. */
export function toncenterChain(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  options: ToncenterChainOptions = {},
): Chain {
  const url = new URL("/api/v3/masterchainInfo", baseUrl);
  const verify = options.verifyProof ?? notAvailable;
  const pageSize = options.pageSize ?? 100;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) headers["x-api-key"] = options.apiKey;
  const noHotWallet = () => new Error("payouts need a hot wallet: not configured");

  return {
    kind: "toncenter",
    async ping(signal) {
      const response = await fetchImpl(url, { signal, headers });
      if (!response.ok) throw new ChainNotRespondingError(response.status);
    },

    verifyProof: (input) => verify(input),

    async getPublicKey(address) {
      const response = await fetchImpl(new URL("/api/v3/runGetMethod", baseUrl), {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ address, method: "get_public_key", stack: [] }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new ChainNotRespondingError(response.status);
      const parsed = toncenterGetMethod.safeParse(await response.json());
      if (!parsed.success) throw new Error("Unexpected toncenter runGetMethod answer");
      const [top] = parsed.data.stack;
      if (parsed.data.exit_code !== 0 || top?.type !== "num" || !top.value) return null;
      return BigInt(top.value).toString(16).padStart(64, "0");
    },

    async incomingTransfers(sinceCursor) {
      if (!options.shopAddress) {
        throw new Error("incoming transfers need the shop address: not configured");
      }
      const after = parseCursor(sinceCursor);
      const query = new URL("/api/v3/transactions", baseUrl);
      query.searchParams.set("account", options.shopAddress);
      query.searchParams.set("start_lt", (after + 1n).toString()); // start_lt is inclusive
      query.searchParams.set("sort", "asc");
      query.searchParams.set("limit", String(pageSize));
      query.searchParams.set("offset", "0");
      const response = await fetchImpl(query, {
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new ChainNotRespondingError(response.status);
      const parsed = toncenterTransactions.safeParse(await response.json());
      if (!parsed.success) throw new Error("Unexpected toncenter transactions answer");
      // Chain order whatever the server did; the cursor never moves backwards.
      const page = parsed.data.transactions
        .filter((tx) => BigInt(tx.lt) > after)
        .sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : BigInt(a.lt) > BigInt(b.lt) ? 1 : 0));
      const transfers = page.map(toIncomingTransfer).filter((t) => t !== null);
      return { transfers, cursor: page.at(-1)?.lt ?? sinceCursor };
    },

    async sendPayout(request) {
      if (!options.payouts) throw noHotWallet();
      assertPayoutRequest(request);
      return options.payouts.sendPayout(request);
    },

    async payoutStatus(payoutId) {
      if (!options.payouts) throw noHotWallet();
      return options.payouts.payoutStatus(payoutId);
    },

    async payoutTxHash(payoutId) {
      return (await options.payouts?.payoutTxHash?.(payoutId)) ?? null;
    },
  };
}
