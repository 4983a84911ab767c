import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { userColumn } from "./auth.ts";
import { tz } from "./columns.ts";

/**
 * Who opened which request of an admin queue, and when (decision 0061): one row per admin and
 * request, written again on each open (an upsert), read by the other admins for the last
 * minutes (« ouverte par Camille_M il y a 2 min »). In the database, so every server process
 * sees it. Not an audit trail: an admin's rows older than the window go at their next open.
 * `target_id` is the KYC request's user id or the withdrawal's id.
 */
export const queueOpens = pgTable(
  "queue_opens",
  {
    kind: text("kind", { enum: ["kyc", "withdrawal"] }).notNull(),
    targetId: text("target_id").notNull(),
    adminId: userColumn("admin_id"),
    openedAt: timestamp("opened_at", tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.targetId, t.adminId] }),
    index("queue_opens_admin_idx").on(t.adminId, t.openedAt),
    check("queue_opens_kind_known", sql`${t.kind} in ('kyc', 'withdrawal')`),
  ],
);
