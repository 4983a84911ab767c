import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idColumn, tz } from "./columns.ts";

/**
 * Every admin act: who, what, on what, the values before and after (never a secret), when and
 * from where. Append-only: a trigger (migration 0019) refuses UPDATE and DELETE for everyone.
 * No foreign key to users: a deleted account must not take its trail with it (nor be blocked by
 * the trigger on a cascade).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: idColumn(),
    actorId: text("actor_id").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_log_actor_created_idx").on(t.actorId, t.createdAt.desc(), t.id.desc()),
    index("audit_log_action_created_idx").on(t.action, t.createdAt.desc(), t.id.desc()),
    index("audit_log_target_created_idx").on(t.targetId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The shape of a value kept in `before`/`after`. */
export type AuditValue = Record<string, unknown> | null;
