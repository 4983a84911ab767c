import { formatNano, parseFre, type Shop, type ShopItem, type ShopOrder } from "@fre/shared";

export type ItemAvailability =
  | { state: "buyable" }
  | { state: "owned" }
  | { state: "running"; until: string }
  | { state: "blocked"; until: string }
  | { state: "disabled" };

/**
 * What the shop lets the user do with an item: a pack is bought once (owned), one box runs at
 * a time (the running one shows its end, the others wait for it), a disabled item is not sold.
 */
export function itemAvailability(item: ShopItem, shop: Pick<Shop, "activeBox">): ItemAvailability {
  if (item.kind === "pack" && item.owned) return { state: "owned" };
  if (item.kind === "box" && shop.activeBox) {
    return shop.activeBox.itemId === item.id
      ? { state: "running", until: shop.activeBox.expiresAt }
      : { state: "blocked", until: shop.activeBox.expiresAt };
  }
  if (!item.enabled) return { state: "disabled" };
  return { state: "buyable" };
}

/** An order still waiting for (more) TON: the page keeps asking the server about it. */
export const isOpenOrder = (order: Pick<ShopOrder, "status">) =>
  order.status === "pending" || order.status === "underpaid";

/** TON still due on an order (price − received, never negative), 9 fraction digits. */
export function amountDue(order: Pick<ShopOrder, "priceTon" | "receivedTon">): string {
  const due = parseFre(order.priceTon) - parseFre(order.receivedTon);
  return formatNano(due > 0n ? due : 0n);
}

/** The TON Connect request that pays what is still due on an underpaid order (same comment). */
export function remainderTransaction(order: ShopOrder, nowMs: number): ShopOrder["transaction"] {
  const due = parseFre(amountDue(order));
  return {
    validUntil: Math.floor(nowMs / 1000) + 5 * 60,
    messages: order.transaction.messages.map((message) => ({ ...message, amount: due.toString() })),
  };
}

/** The newest order still open, to resume after a reload. */
export function openOrderOf(orders: ShopOrder[]): ShopOrder | null {
  return (
    orders.filter(isOpenOrder).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null
  );
}
