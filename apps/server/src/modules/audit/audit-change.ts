import type { AuditAction, AuditTargetType } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import { type AuditActor, type AuditValue, recordAudit } from "./audit.service.ts";

/**
 * The audit entry of one change by `actor` at `at` to `targetType` `targetId`: `recordAudit` with
 * the actor's id and address, and the state `before` and `after` (left out: none recorded).
 */
export function recordChange(
  tx: Db,
  actor: AuditActor,
  at: Date,
  action: AuditAction,
  [targetType, targetId]: [AuditTargetType, string],
  change: { before?: AuditValue; after?: AuditValue } = {},
) {
  return recordAudit(tx, {
    actorId: actor.userId,
    action,
    targetType,
    targetId,
    before: change.before,
    after: change.after,
    ip: actor.ip,
    at,
  });
}
