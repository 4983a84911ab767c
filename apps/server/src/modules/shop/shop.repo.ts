import { and, asc, desc, eq, gt, inArray, isNull, like, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  boosts,
  shopItems,
  shopOrders,
  shopPayments,
  userPacks,
  users,
} from "../../db/schema/index.ts";

type Executor = Db | Tx;
export type ShopItemRow = typeof shopItems.$inferSelect;
export type ShopOrderRow = typeof shopOrders.$inferSelect;
export type ShopPaymentRow = typeof shopPayments.$inferSelect;

/** Boosts granted by a box carry `box:<orderId>` as their source. */
export const BOX_SOURCE_PREFIX = "box:";

export const listItems = (db: Executor) =>
  db.select().from(shopItems).orderBy(asc(shopItems.position));

export async function findItem(db: Executor, id: string) {
  const [row] = await db.select().from(shopItems).where(eq(shopItems.id, id));
  return row ?? null;
}

export async function updateItem(
  db: Executor,
  id: string,
  changes: { priceNano?: bigint; enabled?: boolean },
  at: Date,
) {
  const [row] = await db
    .update(shopItems)
    .set({ ...changes, updatedAt: at })
    .where(eq(shopItems.id, id))
    .returning();
  return row ?? null;
}

export const ownedPacks = (db: Executor, userId: string) =>
  db
    .select({ itemId: userPacks.itemId })
    .from(userPacks)
    .where(eq(userPacks.userId, userId))
    .then((rows) => new Set(rows.map((row) => row.itemId)));

/** The latest-ending box boost of the user that has not ended at `now` (running or queued). */
export async function currentBox(db: Executor, userId: string, now: Date) {
  const [row] = await db
    .select({
      source: boosts.source,
      valueNano: boosts.valueNano,
      appliedAt: boosts.appliedAt,
      expiresAt: boosts.expiresAt,
    })
    .from(boosts)
    .where(
      and(
        eq(boosts.userId, userId),
        like(boosts.source, `${BOX_SOURCE_PREFIX}%`),
        gt(boosts.expiresAt, now),
      ),
    )
    .orderBy(desc(boosts.expiresAt))
    .limit(1);
  return row ?? null;
}

export async function insertOrder(tx: Executor, values: typeof shopOrders.$inferInsert) {
  const [row] = await tx.insert(shopOrders).values(values).returning();
  return row!;
}

/** The user's order for this item still waiting for its payment at `now`, if any. */
export async function findOpenOrder(db: Executor, userId: string, itemId: string, now: Date) {
  const [row] = await db
    .select()
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.userId, userId),
        eq(shopOrders.itemId, itemId),
        inArray(shopOrders.status, ["pending", "underpaid"]),
        gt(shopOrders.expiresAt, now),
      ),
    )
    .orderBy(desc(shopOrders.createdAt))
    .limit(1);
  return row ?? null;
}

/** Orders past their expiry that nobody paid are expired (their late payments stay recorded). */
export async function expireOrders(db: Executor, userId: string, now: Date) {
  await db
    .update(shopOrders)
    .set({ status: "expired" })
    .where(
      and(
        eq(shopOrders.userId, userId),
        inArray(shopOrders.status, ["pending", "underpaid"]),
        sql`${shopOrders.expiresAt} <= ${now.toISOString()}::timestamptz`,
      ),
    );
}

export const listOrders = (db: Executor, userId: string, limit: number) =>
  db
    .select()
    .from(shopOrders)
    .where(eq(shopOrders.userId, userId))
    .orderBy(desc(shopOrders.createdAt))
    .limit(limit);

export async function findOrder(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.id, id), eq(shopOrders.userId, userId)));
  return row ?? null;
}

/**
 * Marks a payment on its way for the user's open order, unless one already is (sent after
 * `liveSince`): one statement, so two taps at once mark it once. Null when nothing was marked.
 */
export async function markPaymentSent(
  db: Executor,
  userId: string,
  id: string,
  now: Date,
  liveSince: Date,
) {
  const [row] = await db
    .update(shopOrders)
    .set({ paymentSentAt: now })
    .where(
      and(
        eq(shopOrders.id, id),
        eq(shopOrders.userId, userId),
        inArray(shopOrders.status, ["pending", "underpaid"]),
        gt(shopOrders.expiresAt, now),
        sql`(${shopOrders.paymentSentAt} is null or ${shopOrders.paymentSentAt} <= ${liveSince.toISOString()}::timestamptz)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The wallet refused or failed: nothing is on its way for the user's order any more. */
export async function clearPaymentSent(db: Executor, userId: string, id: string) {
  const [row] = await db
    .update(shopOrders)
    .set({ paymentSentAt: null })
    .where(and(eq(shopOrders.id, id), eq(shopOrders.userId, userId)))
    .returning();
  return row ?? null;
}

/** The item an order bought (any user's: the caller holds the order id from a boost). */
export async function findOrderItem(db: Executor, orderId: string) {
  const [row] = await db
    .select({ itemId: shopOrders.itemId })
    .from(shopOrders)
    .where(eq(shopOrders.id, orderId));
  return row?.itemId ?? null;
}

/**
 * Whose order this is, read without a lock: a path that changes an order locks its owner's row
 * first, then the order (the order of the erasure and of every money path), so it needs the owner
 * before any lock. The owner of an order never changes.
 */
export async function findOrderOwner(db: Executor, by: { id: string } | { comment: string }) {
  const [row] = await db
    .select({ userId: shopOrders.userId })
    .from(shopOrders)
    .where("id" in by ? eq(shopOrders.id, by.id) : eq(shopOrders.comment, by.comment));
  return row?.userId ?? null;
}

/** Locks the order a payment names (by its comment) for the payment's transaction. */
export async function lockOrderByComment(tx: Tx, comment: string) {
  const [row] = await tx
    .select()
    .from(shopOrders)
    .where(eq(shopOrders.comment, comment))
    .for("update");
  return row ?? null;
}

export async function lockOrderById(tx: Tx, id: string) {
  const [row] = await tx.select().from(shopOrders).where(eq(shopOrders.id, id)).for("update");
  return row ?? null;
}

/** Records a payment once: false when this transaction hash was already recorded. */
export async function recordPayment(tx: Tx, values: typeof shopPayments.$inferInsert) {
  const rows = await tx
    .insert(shopPayments)
    .values(values)
    .onConflictDoNothing()
    .returning({ txHash: shopPayments.txHash });
  return rows.length === 1;
}

export async function setPaymentOutcome(
  tx: Tx,
  txHash: string,
  outcome: ShopPaymentRow["outcome"],
) {
  await tx.update(shopPayments).set({ outcome }).where(eq(shopPayments.txHash, txHash));
}

/**
 * Once an order is paid, the partial payments that counted toward it are resolved with it: their
 * TON bought the item, so nothing is left for an admin to grant or refund. No admin and no reason
 * are recorded: the order's payment settled them.
 */
export async function resolvePartialsWithOrder(tx: Tx, orderId: string, at: Date) {
  await tx
    .update(shopPayments)
    .set({ resolution: "granted", resolvedAt: at })
    .where(
      and(
        eq(shopPayments.orderId, orderId),
        eq(shopPayments.outcome, "partial"),
        isNull(shopPayments.resolution),
      ),
    );
}

export async function updateOrder(
  tx: Tx,
  id: string,
  changes: Partial<
    Pick<ShopOrderRow, "status" | "receivedNano" | "txHash" | "paidAt" | "paymentSentAt">
  >,
) {
  await tx.update(shopOrders).set(changes).where(eq(shopOrders.id, id));
}

/** Grants a pack; false when the user already owns it (granted exactly once). */
export async function grantPack(tx: Tx, values: typeof userPacks.$inferInsert) {
  const rows = await tx
    .insert(userPacks)
    .values(values)
    .onConflictDoNothing()
    .returning({ itemId: userPacks.itemId });
  return rows.length === 1;
}

export async function insertBoxBoost(tx: Tx, values: typeof boosts.$inferInsert) {
  await tx.insert(boosts).values(values);
}

// Admin reads

export async function adminOrders(
  db: Executor,
  filters: { status?: ShopOrderRow["status"]; itemId?: string },
  limit: number,
) {
  const where = and(
    filters.status ? eq(shopOrders.status, filters.status) : undefined,
    filters.itemId ? eq(shopOrders.itemId, filters.itemId) : undefined,
  );
  const rows = await db
    .select({ order: shopOrders, nickname: users.nickname })
    .from(shopOrders)
    .innerJoin(users, eq(users.id, shopOrders.userId))
    .where(where)
    .orderBy(desc(shopOrders.createdAt))
    .limit(limit);
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      paidNano: sql<string>`coalesce(sum(${shopOrders.receivedNano}) filter (where ${shopOrders.status} = 'paid'), 0)::text`,
    })
    .from(shopOrders)
    .where(where);
  return { rows, count: totals?.count ?? 0, paidNano: BigInt(totals?.paidNano ?? "0") };
}

export async function adminPayments(db: Executor, unresolvedOnly: boolean, limit: number) {
  return db
    .select({ payment: shopPayments, nickname: users.nickname })
    .from(shopPayments)
    .leftJoin(shopOrders, eq(shopOrders.id, shopPayments.orderId))
    .leftJoin(users, eq(users.id, shopOrders.userId))
    .where(
      unresolvedOnly
        ? and(
            inArray(shopPayments.outcome, ["partial", "late", "duplicate", "unmatched"]),
            isNull(shopPayments.resolution),
          )
        : undefined,
    )
    .orderBy(desc(shopPayments.receivedAt))
    .limit(limit);
}

/** The order a recorded payment is attached to, read without a lock (see findOrderOwner). */
export async function findPaymentOrderId(db: Executor, txHash: string) {
  const [row] = await db
    .select({ orderId: shopPayments.orderId })
    .from(shopPayments)
    .where(eq(shopPayments.txHash, txHash));
  return row?.orderId ?? null;
}

export async function lockPayment(tx: Tx, txHash: string) {
  const [row] = await tx
    .select()
    .from(shopPayments)
    .where(eq(shopPayments.txHash, txHash))
    .for("update");
  return row ?? null;
}

export async function resolvePayment(
  tx: Tx,
  txHash: string,
  values: Pick<
    ShopPaymentRow,
    "resolution" | "resolvedBy" | "resolvedAt" | "resolutionReason" | "orderId"
  >,
) {
  await tx.update(shopPayments).set(values).where(eq(shopPayments.txHash, txHash));
}
