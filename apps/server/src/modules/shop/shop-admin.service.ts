import {
  type AdminPaymentResolutionBody,
  type AdminShopOrders,
  type AdminShopPayment,
  formatNano,
  parseFre,
} from "@fre/shared";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { lockUser } from "../ledger/ledger.ts";
import {
  adminOrders,
  adminPayments,
  findItem,
  findOrderOwner,
  findPaymentOrderId,
  listItems,
  lockOrderById,
  lockPayment,
  resolvePartialsWithOrder,
  resolvePayment,
  type ShopItemRow,
  type ShopOrderRow,
  type ShopPaymentRow,
  updateItem,
  updateOrder,
} from "./shop.repo.ts";
import { announcePurchase, grantItem, orderView, type ShopDeps } from "./shop.service.ts";

const itemView = (item: ShopItemRow) => ({
  id: item.id,
  kind: item.kind,
  rateBonus: formatNano(item.rateBonusNano),
  durationDays: item.durationDays,
  priceTon: formatNano(item.priceNano),
  enabled: item.enabled,
  owned: false,
});

export async function adminListItems(deps: Pick<ShopDeps, "db" | "payTo">) {
  return { items: (await listItems(deps.db)).map(itemView), activeBox: null, payTo: deps.payTo };
}

/** Price (TON, 9 digits like FRE) and availability; existing orders keep their price. */
export async function adminUpdateItem(
  deps: Pick<ShopDeps, "db" | "clock">,
  actor: AuditActor,
  id: string,
  body: { priceTon?: string; enabled?: boolean },
) {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const before = await findItem(tx, id);
    if (!before) return null;
    const after = await updateItem(
      tx,
      id,
      {
        priceNano: body.priceTon === undefined ? undefined : parseFre(body.priceTon),
        enabled: body.enabled,
      },
      now,
    );
    if (!after) return null;
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "shop.item_update",
      targetType: "shop_item",
      targetId: id,
      before: { priceNano: before.priceNano, enabled: before.enabled },
      after: { priceNano: after.priceNano, enabled: after.enabled },
      ip: actor.ip,
      at: now,
    });
    return after;
  });
  if (!row) throw new AppError("NOT_FOUND");
  return itemView(row);
}

export async function adminListOrders(
  deps: Pick<ShopDeps, "db" | "clock">,
  filters: { status?: ShopOrderRow["status"]; itemId?: string },
): Promise<AdminShopOrders> {
  const now = deps.clock.now();
  const { rows, count, paidNano } = await adminOrders(deps.db, filters, 200);
  return {
    items: rows.map(({ order, nickname }) => {
      const { transaction: _transaction, ...view } = orderView(order, now);
      return { ...view, nickname };
    }),
    totalPaidTon: formatNano(paidNano),
    count,
  };
}

export async function adminListPayments(
  deps: Pick<ShopDeps, "db">,
  unresolvedOnly: boolean,
): Promise<{ items: AdminShopPayment[] }> {
  const rows = await adminPayments(deps.db, unresolvedOnly, 200);
  return {
    items: rows.map(({ payment, nickname }) => ({
      txHash: payment.txHash,
      source: payment.source,
      amountTon: formatNano(payment.amountNano),
      comment: payment.comment,
      receivedAt: payment.receivedAt.toISOString(),
      orderId: payment.orderId,
      nickname,
      outcome: payment.outcome,
      resolution: payment.resolution,
      resolvedAt: payment.resolvedAt?.toISOString() ?? null,
      resolutionReason: payment.resolutionReason,
    })),
  };
}

/**
 * Whether the payment's TON went toward an order that is paid (its own completion, a partial
 * resolved with it, a partial an admin granted): the item was bought with it, so it can be neither
 * refunded nor granted again.
 */
const countedInPaidOrder = (payment: ShopPaymentRow) =>
  payment.outcome === "paid" || (payment.outcome === "partial" && payment.resolution === "granted");

/**
 * A partial payment refunded before its order was paid no longer counts toward it: what is due
 * grows back, so a later top-up cannot complete the order with TON that was sent back. Under the
 * buyer's row lock, as the payment reader takes it: a top-up and the refund go one after the other.
 */
async function uncountRefundedPartial(tx: Tx, payment: ShopPaymentRow) {
  const order = payment.orderId ? await lockOrderById(tx, payment.orderId) : null;
  if (!order || order.status === "paid") return;
  const receivedNano =
    order.receivedNano > payment.amountNano ? order.receivedNano - payment.amountNano : 0n;
  const open = order.status !== "expired";
  const status = open ? (receivedNano > 0n ? "underpaid" : "pending") : order.status;
  await updateOrder(tx, order.id, { status, receivedNano });
}

/**
 * An admin settles a payment that granted nothing (late, partial, duplicate, unmatched): grant the
 * order's item (once: a pack already owned is refused) or record that the TON was sent back. The
 * decision, its admin and reason are stored with the payment, in the grant's transaction.
 */
export async function adminResolvePayment(
  deps: ShopDeps,
  actor: AuditActor,
  txHash: string,
  body: AdminPaymentResolutionBody,
) {
  const adminId = actor.userId;
  const now = deps.clock.now();
  const granted = await deps.db.transaction(async (tx) => {
    // The buyer's row is locked before the payment and the order, as the payment reader and the
    // erasure do (the other order deadlocks an erasure: the grant's rows reference the user). A
    // grant locks the owner of the order it pays; a refund the owner of the payment's own order,
    // so a top-up completing that order runs before or after it, never in between.
    const paymentOrderId = await findPaymentOrderId(tx, txHash);
    const peekedOrderId =
      body.resolution === "granted" ? (body.orderId ?? paymentOrderId) : paymentOrderId;
    const owner = peekedOrderId ? await findOrderOwner(tx, { id: peekedOrderId }) : null;
    const ownerActive = owner ? await lockUser(tx, owner) : false;
    const payment = await lockPayment(tx, txHash);
    if (!payment) throw new AppError("NOT_FOUND");
    if (countedInPaidOrder(payment)) throw new AppError("PAYMENT_COUNTED_IN_PAID_ORDER");
    if (payment.resolution !== null) throw new AppError("PAYMENT_ALREADY_RESOLVED");
    const orderId = body.orderId ?? payment.orderId;
    let grant: { userId: string; item: ShopItemRow } | null = null;
    if (body.resolution === "granted") {
      const order = orderId ? await lockOrderById(tx, orderId) : null;
      // Nothing is granted to an erased account (its TON is refunded), nor unlocked.
      if (!order || order.userId !== owner || !ownerActive) throw new AppError("NOT_FOUND");
      const item = (await findItem(tx, order.itemId)) as ShopItemRow;
      if (!(await grantItem(tx, order, item, now))) throw new AppError("PACK_ALREADY_OWNED");
      if (order.status !== "paid") {
        // A partial of this very order was counted toward it when it arrived; a late, duplicate
        // or unmatched payment (or another order's partial) was not.
        const counted = payment.outcome === "partial" && payment.orderId === order.id;
        await updateOrder(tx, order.id, {
          status: "paid",
          receivedNano: counted ? order.receivedNano : order.receivedNano + payment.amountNano,
          txHash: order.txHash ?? payment.txHash,
          paidAt: now,
        });
        await resolvePartialsWithOrder(tx, order.id, now);
      }
      await announcePurchase(deps, tx, order.userId, item);
      grant = { userId: order.userId, item };
    } else if (payment.outcome === "partial") {
      await uncountRefundedPartial(tx, payment);
    }
    await resolvePayment(tx, txHash, {
      resolution: body.resolution,
      resolvedBy: adminId,
      resolvedAt: now,
      resolutionReason: body.reason,
      orderId: orderId ?? null,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: "shop.payment_resolve",
      targetType: "shop_payment",
      targetId: txHash,
      before: { outcome: payment.outcome, orderId: payment.orderId, resolution: null },
      after: { resolution: body.resolution, reason: body.reason, orderId: orderId ?? null },
      ip: actor.ip,
      at: now,
    });
    return grant;
  });
  if (granted) await deps.events.rateChanged(granted.userId);
  return (await adminListPayments(deps, false)).items.find((p) => p.txHash === txHash)!;
}
