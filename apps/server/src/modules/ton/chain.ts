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

/**
 * pending → sent → confirmed; `failed`: the wallet executed the message and nothing reached the
 * recipient (a bounce, no TON for the transfer): the payout is over. `expired`: the message can
 * never execute any more (past its expiry, or its seqno used by another message) and never did:
 * nothing left the hot wallet, so the same reference may be sent again (decision 0068).
 */
export type PayoutStatus = "pending" | "sent" | "confirmed" | "failed" | "expired";

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
  /**
   * When a message for this reference was first signed, recorded before it left (decision 0078):
   * nothing can have paid it on the chain before (less the clock skew), so the search starts
   * there rather than at `since`. null: no message for it was ever signed — nothing to search
   * for. Absent: `since` is the bound.
   */
  signedAt?: Date | null;
  /**
   * Payout ids of messages already signed (this reference's earlier ones included) that may
   * still execute: a chain that orders its messages (a wallet's seqno) signs no new one while
   * one of them could still take the same place. Ignored by chains without such an order.
   */
  inFlight?: string[];
  /**
   * Called with the payout id once the message is signed and before it leaves, so the caller
   * records it first: a crash after the send then still knows what may be in flight.
   */
  beforeSend?: (payoutId: string) => Promise<void>;
}

/**
 * The TON blockchain as FRE sees it: health, wallet proofs, payments received on the shop's
 * address, and payouts from the hot wallet. The modules own this interface; its drivers live in
 * `src/adapters/chain/` (decision 0033): the simulated chain kept in the database (the embedded
 * default), toncenter v3 over HTTP, and, for tests, an in-memory chain and a stub.
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
  /**
   * How many payouts one signed message carries at most (decision 0075); absent: one, and the
   * worker calls `sendPayout` for each.
   */
  payoutBatchSize?: number;
  /**
   * Pays several references in one signed message: each request as `sendPayout` would (already
   * paid → its payout id, nothing sent), the others signed together and each `beforeSend` called
   * before the message leaves. One answer per request, in order: its payout id, `wait` (nothing
   * was signed for it: the wallet is busy, try again soon) or the error `sendPayout` would throw.
   */
  sendPayouts?(requests: PayoutRequest[]): Promise<PayoutBatchAnswer[]>;
  /** `payoutStatus` of several payouts, the chain read once; the same errors per payout. */
  payoutStatuses?(payoutIds: string[]): Promise<Map<string, PayoutStatus | Error>>;
  /** pending → sent → confirmed, or failed. Throws for an unknown payoutId. */
  payoutStatus(payoutId: string): Promise<PayoutStatus>;
  /**
   * The hash of a confirmed payout's transaction (for the explorer link); absent or null when
   * the chain has none to give (the payout id then stands for it).
   */
  payoutTxHash?(payoutId: string): Promise<string | null>;
  /**
   * A confirmed payout's transaction hash and what it cost the hot wallet in nanoTON, read from
   * the executed transactions (decision 0070); null fields when the chain cannot tell. Absent on
   * chains without fees (the simulated chain).
   */
  payoutReceipt?(payoutId: string): Promise<PayoutReceipt>;
  /**
   * The hot wallet's TON and FRE jetton balances now, and the TON one payout needs at send time;
   * absent on chains whose hot wallet never runs dry (the simulated chain mints what it sends).
   * Throws when the API fails.
   */
  hotWalletBalances?(): Promise<HotWalletBalances>;
}

/** One request's answer in a batch (`sendPayouts`). */
export type PayoutBatchAnswer = { payoutId: string } | { wait: true } | { error: unknown };

export interface PayoutReceipt {
  txHash: string | null;
  /** TON the hot wallet spent on the payout (fees and the attachment not returned), nanoTON. */
  feeNano: bigint | null;
}

export interface HotWalletBalances {
  tonNano: bigint;
  /** FRE held by the hot wallet's jetton wallet, nano-FRE (0 while it is not deployed). */
  jettonNano: bigint;
  /** TON a payout takes out of the wallet when it is sent (the attachment and a fee margin). */
  tonPerPayoutNano: bigint;
}

export interface SimulatedTransferRequest {
  from: string;
  to: string;
  amountNano: bigint;
  comment?: string | null;
  /** "TON" (default) or a jetton's symbol. */
  asset?: string;
}

export interface SimulatedAccount {
  /** Raw form `workchain:hex`. */
  address: string;
  balanceNano: bigint;
  /** Jetton balances by symbol. */
  jettons: Record<string, bigint>;
}

/**
 * The simulated chain (TON_API_URL=simulated), kept in the database: a Chain like toncenter,
 * plus the controls the dev routes and the tests use to move TON on it without a real wallet.
 */
export interface SimulatedChain extends Chain {
  kind: "simulated";
  /** Moves TON (or a jetton) between any two accounts; throws `SimulatedFundsError` when short. */
  transfer(request: SimulatedTransferRequest): Promise<{ hash: string; lt: string }>;
  account(address: string): Promise<SimulatedAccount>;
}
