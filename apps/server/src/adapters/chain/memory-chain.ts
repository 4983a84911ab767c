import { createHash } from "node:crypto";
import { type Clock, systemClock } from "../../lib/clock.ts";
import type {
  Chain,
  IncomingTransfer,
  PayoutStatus,
  TonProofVerifier,
} from "../../modules/ton/chain.ts";
import {
  PayoutConflictError,
  PayoutRejectedError,
  UnknownPayoutError,
} from "../../modules/ton/chain-errors.ts";
import { assertPayoutRequest, parseCursor, proofNotAvailable } from "./chain-requests.ts";

// ---------------------------------------------------------------------------------------------

export interface MemoryPayout {
  payoutId: string;
  to: string;
  amountNano: bigint;
  reference: string;
  status: PayoutStatus;
}

export interface MemoryChainOptions {
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

export interface MemoryChain extends Chain {
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
  payouts(): MemoryPayout[];
}

/**
 * A chain in memory, for unit tests: always reachable, deterministic (no timers: time moves only
 * through the clock and the calls above), forgotten with the process. The embedded default is
 * the simulated chain kept in the database (simulated-chain.ts).
 */
export function memoryChain(options: MemoryChainOptions = {}): MemoryChain {
  const clock = options.clock ?? systemClock;
  const verify = options.verifyProof ?? proofNotAvailable;
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
  const payouts = new Map<string, MemoryPayout & { failing: boolean; polls: number }>();
  const byReference = new Map<string, string>();
  let nextFailure: "failed" | "rejected" | null = null;

  const step = (payout: MemoryPayout & { failing: boolean; polls: number }) => {
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
