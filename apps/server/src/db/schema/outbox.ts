import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idColumn, tz } from "./columns.ts";

/**
 * Post-commit effects (a mail, a notification, a live event), written in the transaction of the
 * change they announce and delivered after it by the outbox job (decision 0032). No foreign key
 * to users: recording an effect takes no lock on the user's row; delivery skips erased accounts.
 */
export const outboxEffects = pgTable(
  "outbox_effects",
  {
    id: idColumn(),
    /**
     * The order effects were recorded in (a sequence: strictly increasing within a transaction,
     * where timestamps of one millisecond tie): a user's effects are delivered in this order.
     */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    kind: text("kind").notNull(),
    /** Whom it is for; null for every connected user (a live broadcast). */
    userId: text("user_id"),
    payload: jsonb("payload").$type<unknown>().notNull(),
    /** Delivery attempts started (a claim counts, even if its process died). */
    attempts: integer("attempts").notNull().default(0),
    /** When it may be claimed: now when recorded, a lease's end while claimed, then the backoff. */
    nextAttemptAt: timestamp("next_attempt_at", tz).notNull(),
    deliveredAt: timestamp("delivered_at", tz),
    /** The last failure's code or name (never a message: it may quote an address). */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [
    index("outbox_effects_pending_idx").on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`),
    // An erasure deletes the user's effects (decision 0028) without reading the whole table.
    index("outbox_effects_user_idx").on(t.userId),
  ],
);
