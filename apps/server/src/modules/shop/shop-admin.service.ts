import {
  type AdminPaymentResolutionBody,
  type AdminShopOrders,
  type AdminShopPayment,
  formatNano,
  parseFre,
} from "@fre/shared";
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
  resolvePayment,
  type ShopItemRow,
  type ShopOrderRow,
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
    // A grant locks the buyer's row before the payment and the order, as the payment reader and
    // the erasure do (the other order deadlocks an erasure: the grant's rows reference the user).
    const peekedOrderId = body.orderId ?? (await findPaymentOrderId(tx, txHash));
    const owner =
      body.resolution === "granted" && peekedOrderId
        ? await findOrderOwner(tx, { id: peekedOrderId })
        : null;
    const ownerActive = owner ? await lockUser(tx, owner) : false;
    const payment = await lockPayment(tx, txHash);
    if (!payment) throw new AppError("NOT_FOUND");
    if (payment.outcome === "paid" || payment.resolution !== null) {
      throw new AppError("PAYMENT_ALREADY_RESOLVED");
    }
    const orderId = body.orderId ?? payment.orderId;
    let grant: { userId: string; item: ShopItemRow } | null = null;
    if (body.resolution === "granted") {
      const order = orderId ? await lockOrderById(tx, orderId) : null;
      // Nothing is granted to an erased account (its TON is refunded), nor unlocked.
      if (!order || order.userId !== owner || !ownerActive) throw new AppError("NOT_FOUND");
      const item = (await findItem(tx, order.itemId)) as ShopItemRow;
      if (!(await grantItem(tx, order, item, now))) throw new AppError("PACK_ALREADY_OWNED");
      if (order.status !== "paid") {
        await updateOrder(tx, order.id, {
          status: "paid",
          receivedNano: order.receivedNano + payment.amountNano,
          txHash: order.txHash ?? payment.txHash,
          paidAt: now,
        });
      }
      await announcePurchase(deps, tx, order.userId, item);
      grant = { userId: order.userId, item };
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
