import { formatNano } from "@fre/shared";
import { release } from "../ledger/ledger.ts";
import type {
  Chain,
  HotWalletBalances,
  PayoutReceipt,
  PayoutRequest,
  PayoutStatus,
} from "../ton/chain.ts";
import { PayoutRejectedError } from "../ton/chain-errors.ts";
import { canPay, readHotWallet } from "./hot-wallet.ts";
import {
  claimPayouts,
  listInFlightPayoutIds,
  listSent,
  markSending,
  recordPayoutId,
  releasePayout,
  requeuePayout,
  transition,
  type WithdrawalRow,
} from "./withdrawals.repo.ts";
import { announce, mailOutcome, type WithdrawalDeps } from "./withdrawals.service.ts";

/** How long a worker owns a payout it is sending; past it, another worker reconciles it. */
export const PAYOUT_LEASE_MS = 60_000;
const BATCH = 20;

/**
 * The payout worker (decision 0019). For each approved withdrawal:
 * 1. claim it (SKIP LOCKED) and write `sending` with a lease — before the chain is asked;
 * 2. ask the chain to pay, keyed by the withdrawal id: the chain answers the payout it already
 *    made for that id instead of paying again, so a retry after a crash at any point is a
 *    reconciliation, never a second payment;
 * 3. write `sent` with the payout id (already recorded just before the message left); later
 *    runs poll it to `completed` (tx hash), `failed` (the hold released, in the status change's
 *    transaction), or `expired` (never executed: queued again, decision 0068).
 * A row left in `sending` by a crash is claimed again once its lease is past.
 * A queued payout the hot wallet cannot pay now (short of TON or of FRE, read just before) is
 * not sent: it stays queued, its FRE held, until the wallet is funded (decision 0070).
 * A chain that batches (`sendPayouts`, decision 0075) gets the claimed rows in batches of its
 * size: one signed message carries a batch, each row's payout id written before it leaves; a
 * row the wallet could not take yet (busy with an earlier message) has its lease ended at once,
 * nothing having been signed for it, and is asked again by the next run.
 */
export async function processPayouts(deps: WithdrawalDeps) {
  const now = deps.clock.now();
  const budget = await freshBalances(deps);
  const size = deps.chain.sendPayouts ? Math.max(1, deps.chain.payoutBatchSize ?? 1) : 1;
  let paused = 0;
  // This run's claim: its record of a signed message is written only while the row is still
  // its own (no other worker took it over after the lease, decision 0078).
  const leaseUntil = new Date(now.getTime() + PAYOUT_LEASE_MS);
  const claimed = await deps.db.transaction(async (tx) => {
    // A batching chain signs one message per run (the next waits for it to land): one batch.
    const rows = await claimPayouts(tx, now, deps.chain.sendPayouts ? size : BATCH);
    const sending: WithdrawalRow[] = [];
    for (const row of rows) {
      // A row already `sending` may be on the chain: it is reconciled whatever the balances.
      if (budget && row.payoutState === "queued") {
        if (!canPay(budget, row.amountNano)) {
          paused += 1;
          continue;
        }
        budget.tonNano -= budget.tonPerPayoutNano;
        budget.jettonNano -= row.amountNano;
      }
      await markSending(tx, row.id, now, leaseUntil);
      sending.push(row);
    }
    return sending;
  });
  let sent = 0;
  // Messages signed earlier that may still execute (this run's too): the chain signs no new one
  // at a seqno one of them may still take, whatever process signed it (decision 0068).
  const inFlight = claimed.length > 0 ? await listInFlightPayoutIds(deps.db) : [];
  const requestOf = (row: WithdrawalRow): PayoutRequest => ({
    to: row.walletAddress,
    amountNano: row.amountNano,
    reference: row.id,
    // Approved before any send: how far back a chain looks for one without the record below.
    since: row.reviewedAt ?? row.createdAt,
    // The first signing, written before its message left (decision 0078): nothing can have
    // paid the row before it; none yet (null): nothing to look for on the chain.
    signedAt: row.payoutSignedAt,
    inFlight,
    // Recorded before the message leaves: a crash after the send still knows it. Not written
    // (the row moved, or another worker claimed it since): the message must not leave, or a
    // worker that read the row before would not know it.
    beforeSend: async (signed) => {
      if (!(await recordPayoutId(deps.db, row.id, signed, deps.clock.now(), leaseUntil))) {
        throw new Error(`Withdrawal ${row.id} no longer being sent: its payout was not signed`);
      }
      inFlight.push(signed);
    },
  });
  const markSent = async (row: WithdrawalRow, payoutId: string) => {
    await transition(
      deps.db,
      { id: row.id, from: "processing", payoutState: "sending" },
      { payoutState: "sent", payoutId, payoutLeaseUntil: null, updatedAt: deps.clock.now() },
    );
    sent += 1;
  };
  const failed = async (row: WithdrawalRow, error: unknown) => {
    // Refused outright, nothing left the hot wallet: the FRE go back to the user.
    if (error instanceof PayoutRejectedError) await fail(deps, row);
    // Anything else (chain unreachable, a crash): the row stays `sending`; once the lease is
    // past, the next run asks the chain again with the same reference.
    else deps.onPayoutError?.(error, row.id);
  };
  const sendPayouts = deps.chain.sendPayouts?.bind(deps.chain);
  if (sendPayouts) {
    for (let start = 0; start < claimed.length; start += size) {
      const rows = claimed.slice(start, start + size);
      let answers: Awaited<ReturnType<typeof sendPayouts>>;
      try {
        answers = await sendPayouts(rows.map(requestOf));
      } catch (error) {
        for (const row of rows) await failed(row, error);
        continue;
      }
      for (const [index, row] of rows.entries()) {
        const answer = answers[index];
        if (answer && "payoutId" in answer) await markSent(row, answer.payoutId);
        else if (answer && "error" in answer) await failed(row, answer.error);
        // Nothing signed for it: asked again by the next run rather than after the lease.
        else await releasePayout(deps.db, row.id, deps.clock.now());
      }
    }
  } else {
    for (const row of claimed) {
      try {
        const { payoutId } = await deps.chain.sendPayout(requestOf(row));
        await markSent(row, payoutId);
      } catch (error) {
        await failed(row, error);
      }
    }
  }
  const confirmed = await confirmPayouts(deps);
  return { sent, paused, ...confirmed };
}

/** The balances now (the last reading is renewed for requests too); null: no check possible. */
async function freshBalances(deps: WithdrawalDeps): Promise<HotWalletBalances | null> {
  try {
    const balances = await readHotWallet(deps.chain, deps.clock, 0);
    return balances && { ...balances };
  } catch (error) {
    // Unreachable: the sends below would meet the same chain and are retried as before.
    deps.onPayoutError?.(error, "hot-wallet");
    return null;
  }
}

/** The transaction hash and real fee of a confirmed payout, as far as the chain can tell. */
async function receiptOf(chain: Chain, payoutId: string): Promise<PayoutReceipt> {
  if (chain.payoutReceipt) return chain.payoutReceipt(payoutId);
  return { txHash: (await chain.payoutTxHash?.(payoutId)) ?? null, feeNano: null };
}

/** Polls every sent payout: confirmed → completed with its tx hash; failed → refunded. */
export async function confirmPayouts(deps: WithdrawalDeps) {
  let completed = 0;
  let failed = 0;
  let requeued = 0;
  const size = deps.chain.payoutStatuses ? Math.max(1, deps.chain.payoutBatchSize ?? 1) : 1;
  const rows = (await listSent(deps.db, Math.max(100, 4 * size))).filter((row) => row.payoutId);
  // One reading of the chain for them all when it can (decision 0075).
  let statuses: Map<string, PayoutStatus | Error> | null = null;
  if (deps.chain.payoutStatuses && rows.length > 0) {
    try {
      statuses = await deps.chain.payoutStatuses(rows.map((row) => row.payoutId!));
    } catch (error) {
      deps.onPayoutError?.(error, "payout-statuses");
      return { completed, failed, requeued };
    }
  }
  for (const row of rows) {
    if (!row.payoutId) continue;
    try {
      const known = statuses?.get(row.payoutId);
      if (known instanceof Error) throw known;
      const status = known ?? (await deps.chain.payoutStatus(row.payoutId));
      if (status === "confirmed") {
        const receipt = await receiptOf(deps.chain, row.payoutId);
        const txHash = receipt.txHash ?? row.payoutId;
        const now = deps.clock.now();
        // The status and what the user hears of it commit together.
        const done = await deps.db.transaction(async (tx) => {
          const moved = await transition(
            tx,
            { id: row.id, from: "processing" },
            {
              status: "completed",
              txHash,
              payoutFeeNano: receipt.feeNano,
              completedAt: now,
              updatedAt: now,
              payoutLeaseUntil: null,
            },
          );
          if (!moved) return null;
          await announce(deps, tx, moved);
          await deps.events.notify(
            moved.userId,
            "withdrawal_complete",
            { amount: formatNano(moved.amountNano) },
            { tx },
          );
          await mailOutcome(deps, tx, moved, "completed");
          return moved;
        });
        if (done) completed += 1;
      } else if (status === "failed") {
        if (await fail(deps, row)) failed += 1;
      } else if (status === "expired") {
        // Never executed and never will: nothing left the hot wallet, so it is sent again
        // (a new message, the wallet's next seqno) by the next run — paid once, not refunded.
        if (await requeuePayout(deps.db, row.id, row.payoutId, deps.clock.now())) requeued += 1;
      }
    } catch (error) {
      deps.onPayoutError?.(error, row.id);
    }
  }
  return { completed, failed, requeued };
}

/** A payout that cannot arrive: failed, and the hold released in the same transaction. */
async function fail(deps: WithdrawalDeps, row: WithdrawalRow) {
  const now = deps.clock.now();
  const moved = await deps.db.transaction(async (tx) => {
    const done = await transition(
      tx,
      { id: row.id, from: "processing" },
      { status: "failed", completedAt: now, updatedAt: now, payoutLeaseUntil: null },
    );
    if (!done) return null;
    await release(tx, { userId: done.userId, reference: done.id, at: now });
    await announce(deps, tx, done);
    await mailOutcome(deps, tx, done, "failed");
    return done;
  });
  return moved !== null;
}
