import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { userColumn, users } from "./auth.ts";
import { idColumn, tz } from "./columns.ts";

/**
 * A console request to make a user an admin (decision 0049): one admin asks, a second and
 * independent admin confirms, and only then does the role change. Rows are kept once decided
 * (confirmed, cancelled or lapsed): the audit log tells the story, this table the state.
 */
export const adminRoleGrants = pgTable(
  "admin_role_grants",
  {
    id: idColumn(),
    granteeId: userColumn("grantee_id"),
    requestedBy: userColumn("requested_by"),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending", "confirmed", "cancelled", "lapsed"] })
      .notNull()
      .default("pending"),
    requestedAt: timestamp("requested_at", tz).notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    /** Who confirmed or cancelled it (null while pending, and for a lapsed request). */
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", tz),
  },
  (t) => [
    check("admin_role_grants_not_self", sql`${t.requestedBy} <> ${t.granteeId}`),
    check(
      "admin_role_grants_status_known",
      sql`${t.status} in ('pending', 'confirmed', 'cancelled', 'lapsed')`,
    ),
    // The database's own backstop: a confirmed grant had two distinct admins, neither the grantee.
    check(
      "admin_role_grants_two_admins",
      sql`${t.status} <> 'confirmed' or (${t.decidedBy} is not null and ${t.decidedBy} <> ${t.requestedBy} and ${t.decidedBy} <> ${t.granteeId})`,
    ),
    uniqueIndex("admin_role_grants_one_pending_idx")
      .on(t.granteeId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
