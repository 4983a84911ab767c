import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { userColumn, users } from "./auth.ts";
import { idColumn, tz } from "./columns.ts";

/** What the shop sells (spec §9): permanent packs and timed boxes, priced in nanoTON. */
export const shopItems = pgTable(
  "shop_items",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["pack", "box"] }).notNull(),
    rateBonusNano: bigint("rate_bonus_nano", { mode: "bigint" }).notNull(),
    /** Boxes only. */
    durationDays: integer("duration_days"),
    priceNano: bigint("price_nano", { mode: "bigint" }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    position: integer("position").notNull(),
    updatedAt: timestamp("updated_at", tz).notNull(),
  },
  (t) => [
    check("shop_items_price_positive", sql`${t.priceNano} > 0`),
    check(
      "shop_items_duration_by_kind",
      sql`(${t.kind} = 'box') = (${t.durationDays} is not null and ${t.durationDays} > 0)`,
    ),
  ],
);

/**
 * An order waits for a TON payment carrying its `comment`. Paid orders grant their item once:
 * the status moves out of pending/underpaid in one guarded update, and a transaction hash pays
 * at most one order.
 */
export const shopOrders = pgTable(
  "shop_orders",
  {
    id: idColumn(),
    userId: userColumn(),
    itemId: text("item_id")
      .notNull()
      .references(() => shopItems.id),
    priceNano: bigint("price_nano", { mode: "bigint" }).notNull(),
    payTo: text("pay_to").notNull(),
    comment: text("comment").notNull(),
    status: text("status", { enum: ["pending", "underpaid", "paid", "expired"] })
      .notNull()
      .default("pending"),
    receivedNano: bigint("received_nano", { mode: "bigint" }).notNull().default(sql`0`),
    txHash: text("tx_hash"),
    createdAt: timestamp("created_at", tz).notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    paidAt: timestamp("paid_at", tz),
    /**
     * When the buyer's wallet was last asked to pay the order from the app (decision 0059): a
     * payment is then on its way and no second one is offered, for a bounded time.
     */
    paymentSentAt: timestamp("payment_sent_at", tz),
  },
  (t) => [
    uniqueIndex("shop_orders_comment_key").on(t.comment),
    uniqueIndex("shop_orders_tx_hash_key").on(t.txHash),
    // One open order per user and item: two clicks at once get the same order.
    uniqueIndex("shop_orders_one_open_key")
      .on(t.userId, t.itemId)
      .where(sql`${t.status} in ('pending', 'underpaid')`),
    index("shop_orders_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("shop_orders_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Every TON transfer received on the shop's address, recorded once (the hash is the key): what
 * it did (`outcome`) and, for those that granted nothing, how an admin resolved them.
 */
export const shopPayments = pgTable(
  "shop_payments",
  {
    txHash: text("tx_hash").primaryKey(),
    lt: text("lt").notNull(),
    source: text("source").notNull(),
    amountNano: bigint("amount_nano", { mode: "bigint" }).notNull(),
    comment: text("comment"),
    receivedAt: timestamp("received_at", tz).notNull(),
    orderId: uuid("order_id").references(() => shopOrders.id, { onDelete: "set null" }),
    /** paid: completed its order · partial: counted, order still short · late: after expiry ·
     * duplicate: the order was already paid · unmatched: no order has this comment. */
    outcome: text("outcome", {
      enum: ["paid", "partial", "late", "duplicate", "unmatched"],
    }).notNull(),
    resolution: text("resolution", { enum: ["granted", "refunded"] }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", tz),
    resolutionReason: text("resolution_reason"),
  },
  (t) => [
    index("shop_payments_received_idx").on(t.receivedAt.desc().nullsFirst()),
    index("shop_payments_order_idx").on(t.orderId),
  ],
);

/** Packs a user owns: each at most once, for good (the key says so). */
export const userPacks = pgTable(
  "user_packs",
  {
    userId: userColumn(),
    itemId: text("item_id")
      .notNull()
      .references(() => shopItems.id),
    rateBonusNano: bigint("rate_bonus_nano", { mode: "bigint" }).notNull(),
    orderId: uuid("order_id").references(() => shopOrders.id, { onDelete: "set null" }),
    grantedAt: timestamp("granted_at", tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);
