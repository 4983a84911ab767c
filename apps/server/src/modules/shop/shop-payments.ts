import { lockUser } from "../ledger/ledger.ts";
import type { Chain, IncomingTransfer } from "../ton/chain.ts";
import {
  findItem,
  findOrderOwner,
  lockOrderByComment,
  recordPayment,
  resolvePartialsWithOrder,
  type ShopItemRow,
  type ShopPaymentRow,
  setPaymentOutcome,
  updateOrder,
} from "./shop.repo.ts";
import { announcePurchase, grantItem, normalizeComment, type ShopDeps } from "./shop.service.ts";
import { readChainCursor, saveChainCursor } from "./shop-payments.repo.ts";

export type PaymentOutcome = ShopPaymentRow["outcome"];

/** The reader of the shop's address: its cursor is persisted under this name. */
const SHOP_CURSOR = "shop-payments";

/**
 * Applies one transfer received on the shop's address, exactly once: the payment row (keyed by
 * the transaction hash) and its effect on the order commit together, on the buyer's then the
 * order's row lock.
 * Two readers seeing the same transaction: the second finds the hash recorded and does nothing.
 *
 * - the order's comment, in time (the transfer's chain time ≤ the order's expiry): the amount
 *   counts; once the order has received its price it is paid and its item granted;
 * - after expiry: recorded as late, nothing granted; an already paid order: duplicate; no order
 *   with that comment: unmatched. The admin resolves those (grant or refund).
 */
export async function applyIncomingTransfer(
  deps: ShopDeps,
  transfer: IncomingTransfer,
): Promise<PaymentOutcome | null> {
  const now = deps.clock.now();
  const comment = normalizeComment(transfer.comment);
  const result = await deps.db.transaction(async (tx) => {
    // The buyer's row is locked before their order, as the erasure and every money path lock:
    // the other order (order, then the user through the grant's reference) deadlocks an erasure.
    // The order is read again under its lock: it may have changed (or gone) meanwhile.
    const owner = comment ? await findOrderOwner(tx, { comment }) : null;
    const ownerActive = owner ? await lockUser(tx, owner) : false;
    const order = owner && comment ? await lockOrderByComment(tx, comment) : null;
    let outcome: PaymentOutcome;
    let received = 0n;
    if (!order) outcome = "unmatched";
    else if (order.status === "paid") outcome = "duplicate";
    // An erased account's order is closed: the TON waits for the admin's refund, as a late one.
    else if (!ownerActive || transfer.at > order.expiresAt) outcome = "late";
    else {
      received = order.receivedNano + transfer.amountNano;
      outcome = received >= order.priceNano ? "paid" : "partial";
    }
    const recorded = await recordPayment(tx, {
      txHash: transfer.txHash,
      lt: transfer.lt,
      source: transfer.from,
      amountNano: transfer.amountNano,
      comment: transfer.comment,
      receivedAt: transfer.at,
      orderId: order?.id ?? null,
      outcome,
    });
    if (!recorded || !order) return { outcome: recorded ? outcome : null, granted: null };
    if (outcome === "partial") {
      // What was on its way has arrived: the rest may be sent.
      await updateOrder(tx, order.id, {
        status: "underpaid",
        receivedNano: received,
        paymentSentAt: null,
      });
    }
    if (outcome !== "paid") return { outcome, granted: null };
    await updateOrder(tx, order.id, {
      status: "paid",
      receivedNano: received,
      txHash: transfer.txHash,
      paidAt: now,
    });
    const item = (await findItem(tx, order.itemId)) as ShopItemRow;
    if (!(await grantItem(tx, order, item, now))) {
      // The pack was granted meanwhile (an admin's resolution): the TON waits for a refund.
      await setPaymentOutcome(tx, transfer.txHash, "duplicate");
      return { outcome: "duplicate" as const, granted: null };
    }
    // The earlier partial payments bought the item with this one: nothing is left to decide.
    await resolvePartialsWithOrder(tx, order.id, now);
    await announcePurchase(deps, tx, order.userId, item);
    return { outcome, granted: { userId: order.userId } };
  });
  if (result.granted) await deps.events.rateChanged(result.granted.userId);
  return result.outcome;
}

/**
 * Reads the shop's address from the persisted cursor on, page by page, until nothing new: every
 * transfer is applied before the cursor moves past it, so a restart re-reads at most a page that
 * `applyIncomingTransfer` then recognises. Returns how many transfers were applied.
 */
export async function pollShopPayments(deps: ShopDeps & { chain: Chain }, maxPages = 20) {
  let cursor = await readChainCursor(deps.db, SHOP_CURSOR);
  let applied = 0;
  for (let page = 0; page < maxPages; page += 1) {
    const next = await deps.chain.incomingTransfers(cursor);
    for (const transfer of next.transfers) {
      if ((await applyIncomingTransfer(deps, transfer)) !== null) applied += 1;
    }
    if (next.cursor === null || next.cursor === cursor) break;
    await saveChainCursor(deps.db, SHOP_CURSOR, next.cursor, deps.clock.now());
    cursor = next.cursor;
  }
  return applied;
}
