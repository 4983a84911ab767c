import { randomInt } from "node:crypto";
import {
  formatNano,
  SHOP_ORDER_TTL_MINUTES,
  SHOP_PAYMENT_IN_FLIGHT_SECONDS,
  SHOP_TRANSACTION_TTL_SECONDS,
  type Shop,
  type ShopOrder,
} from "@fre/shared";
import { beginCell } from "@ton/core";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import {
  BOX_SOURCE_PREFIX,
  clearPaymentSent,
  currentBox,
  expireOrders,
  findItem,
  findOpenOrder,
  findOrder,
  findOrderItem,
  grantPack,
  insertBoxBoost,
  insertOrder,
  listItems,
  listOrders,
  markPaymentSent,
  ownedPacks,
  type ShopItemRow,
  type ShopOrderRow,
} from "./shop.repo.ts";

export interface ShopDeps {
  db: Db;
  clock: Clock;
  events: Pick<DomainEvents, "rateChanged" | "notify" | "mail">;
  /** Where buyers send TON: the shop's receive address (user-friendly form). */
  payTo: string;
}

const DAY_MS = 86_400_000;
// No 0/O, 1/I/L: a comment a buyer may have to type by hand.
const COMMENT_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** The text every payment for the order must carry, e.g. "FRE-7KQ2M9XD". */
export function newOrderComment() {
  let code = "";
  for (let i = 0; i < 8; i += 1) code += COMMENT_ALPHABET[randomInt(COMMENT_ALPHABET.length)];
  return `FRE-${code}`;
}

/** The comment of an incoming transfer, as orders store it (wallets may add spaces or case). */
export const normalizeComment = (comment: string | null) =>
  comment === null ? null : comment.trim().toUpperCase();

/** A text-comment message body (op 0, then the UTF-8 text) as a base64 BoC for TON Connect. */
export function commentPayload(comment: string) {
  return beginCell().storeUint(0, 32).storeStringTail(comment).endCell().toBoc().toString("base64");
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The status the buyer sees at `now`: an unpaid order past its expiry is expired even before the
 * sweep writes it (a payment sent in time and seen late still counts: the payment's chain time
 * decides, see shop-payments).
 */
const statusAt = (order: ShopOrderRow, now: Date): ShopOrder["status"] =>
  (order.status === "pending" || order.status === "underpaid") && order.expiresAt <= now
    ? "expired"
    : order.status;

const IN_FLIGHT_MS = SHOP_PAYMENT_IN_FLIGHT_SECONDS * 1000;

/** Until when a payment sent from the app is on its way, while the order still waits for it. */
function inFlightUntil(order: ShopOrderRow, now: Date) {
  if (!order.paymentSentAt || (order.status !== "pending" && order.status !== "underpaid")) {
    return null;
  }
  const until = new Date(order.paymentSentAt.getTime() + IN_FLIGHT_MS);
  return until > now && order.expiresAt > now ? until : null;
}

export function orderView(order: ShopOrderRow, now: Date): ShopOrder {
  // The transaction handed to the wallet is valid no longer than the payment counts as on its
  // way: once the app offers to pay again, an earlier request can no longer be sent.
  const validUntil = Math.floor(
    Math.min(
      order.expiresAt.getTime(),
      order.paymentSentAt
        ? order.paymentSentAt.getTime() + IN_FLIGHT_MS
        : order.createdAt.getTime() + SHOP_TRANSACTION_TTL_SECONDS * 1000,
    ) / 1000,
  );
  return {
    id: order.id,
    itemId: order.itemId,
    priceTon: formatNano(order.priceNano),
    receivedTon: formatNano(order.receivedNano),
    payTo: order.payTo,
    comment: order.comment,
    status: statusAt(order, now),
    txHash: order.txHash,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    paidAt: iso(order.paidAt),
    paymentInFlightUntil: iso(inFlightUntil(order, now)),
    transaction: {
      validUntil,
      messages: [
        {
          address: order.payTo,
          // What is still due: the whole price, or the rest after an underpayment.
          amount: (order.priceNano > order.receivedNano
            ? order.priceNano - order.receivedNano
            : order.priceNano
          ).toString(),
          payload: commentPayload(order.comment),
        },
      ],
    },
  };
}

export async function shopView(deps: ShopDeps, userId: string): Promise<Shop> {
  const now = deps.clock.now();
  const [items, owned, box] = await Promise.all([
    listItems(deps.db),
    ownedPacks(deps.db, userId),
    currentBox(deps.db, userId, now),
  ]);
  const runningBoxItem = box ? await boxItemOf(deps.db, box.source) : null;
  return {
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      rateBonus: formatNano(item.rateBonusNano),
      durationDays: item.durationDays,
      priceTon: formatNano(item.priceNano),
      enabled: item.enabled,
      owned: item.kind === "pack" ? owned.has(item.id) : runningBoxItem === item.id,
    })),
    activeBox: box
      ? {
          itemId: runningBoxItem ?? "",
          rateBonus: formatNano(box.valueNano),
          startsAt: box.appliedAt.toISOString(),
          expiresAt: box.expiresAt.toISOString(),
        }
      : null,
    payTo: deps.payTo,
  };
}

/** The item of a box boost, from its `box:<orderId>` source. */
const boxItemOf = (db: Db, source: string) =>
  findOrderItem(db, source.slice(BOX_SOURCE_PREFIX.length));

/**
 * An order for one item (spec §9). Refused before any payment when the item cannot be granted
 * (disabled, pack owned, a box running); a second click gets the same open order back.
 */
export async function createOrder(deps: ShopDeps, userId: string, itemId: string) {
  const now = deps.clock.now();
  const item = await findItem(deps.db, itemId);
  if (!item?.enabled) throw new AppError("SHOP_ITEM_UNAVAILABLE");
  if (item.kind === "pack" && (await ownedPacks(deps.db, userId)).has(item.id)) {
    throw new AppError("PACK_ALREADY_OWNED");
  }
  if (item.kind === "box" && (await currentBox(deps.db, userId, now))) {
    throw new AppError("BOX_ALREADY_ACTIVE");
  }
  await expireOrders(deps.db, userId, now);
  const open = await findOpenOrder(deps.db, userId, item.id, now);
  if (open) return { order: orderView(open, now), created: false };
  try {
    const order = await insertOrder(deps.db, {
      userId,
      itemId: item.id,
      priceNano: item.priceNano,
      payTo: deps.payTo,
      comment: newOrderComment(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SHOP_ORDER_TTL_MINUTES * 60_000),
    });
    return { order: orderView(order, now), created: true };
  } catch (error) {
    // Two clicks at once: the open-order index lets one through; the other gets its order.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findOpenOrder(deps.db, userId, item.id, now);
    if (!raced) throw error;
    return { order: orderView(raced, now), created: false };
  }
}

export async function listMyOrders(deps: ShopDeps, userId: string) {
  const now = deps.clock.now();
  const rows = await listOrders(deps.db, userId, 50);
  return { items: rows.map((row) => orderView(row, now)) };
}

export async function getMyOrder(deps: ShopDeps, userId: string, id: string) {
  const row = await findOrder(deps.db, userId, id);
  if (!row) throw new AppError("NOT_FOUND");
  return orderView(row, deps.clock.now());
}

/**
 * Before the app asks the wallet to pay (decision 0059): marks the payment on its way for
 * SHOP_PAYMENT_IN_FLIGHT_SECONDS. Refused while one already is (a double tap, a second tab, a
 * reload): 409 PAYMENT_IN_FLIGHT; a closed or expired order: 409 ORDER_CLOSED.
 */
export async function startPayment(deps: ShopDeps, userId: string, id: string) {
  const now = deps.clock.now();
  const marked = await markPaymentSent(
    deps.db,
    userId,
    id,
    now,
    new Date(now.getTime() - IN_FLIGHT_MS),
  );
  if (marked) return orderView(marked, now);
  const order = await findOrder(deps.db, userId, id);
  if (!order) throw new AppError("NOT_FOUND");
  if (inFlightUntil(order, now)) throw new AppError("PAYMENT_IN_FLIGHT");
  throw new AppError("ORDER_CLOSED");
}

/** The wallet said it refused or failed the payment: the app may offer it again at once. */
export async function cancelPayment(deps: ShopDeps, userId: string, id: string) {
  const order = await clearPaymentSent(deps.db, userId, id);
  if (!order) throw new AppError("NOT_FOUND");
  return orderView(order, deps.clock.now());
}

/**
 * Grants a paid order's item inside the payment's transaction: a pack once for good (its key
 * refuses a second), a box as a boost that starts now, or when the user's current box ends (boxes
 * never add up). False when there was nothing to grant (the pack is already owned).
 */
export async function grantItem(tx: Tx, order: ShopOrderRow, item: ShopItemRow, now: Date) {
  if (item.kind === "pack") {
    return grantPack(tx, {
      userId: order.userId,
      itemId: item.id,
      rateBonusNano: item.rateBonusNano,
      orderId: order.id,
      grantedAt: now,
    });
  }
  const running = await currentBox(tx, order.userId, now);
  const startsAt = running && running.expiresAt > now ? running.expiresAt : now;
  await insertBoxBoost(tx, {
    userId: order.userId,
    valueNano: item.rateBonusNano,
    source: `${BOX_SOURCE_PREFIX}${order.id}`,
    appliedAt: startsAt,
    expiresAt: new Date(startsAt.getTime() + (item.durationDays ?? 0) * DAY_MS),
  });
  return true;
}

/**
 * In the grant's transaction: the buyer hears about it twice (notification and mail), both
 * delivered after the commit. The running session re-rates once it has committed (the caller).
 */
export async function announcePurchase(
  deps: Pick<ShopDeps, "events">,
  tx: Tx,
  userId: string,
  item: ShopItemRow,
) {
  await deps.events.notify(userId, "purchase_confirmation", { item: item.id }, { tx });
  await deps.events.mail(
    userId,
    "purchaseConfirmed",
    { item: item.id, bonus: formatNano(item.rateBonusNano) },
    { tx },
  );
}
