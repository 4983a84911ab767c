import { z } from "zod";

/**
 * Every act an admin can take, as the audit log names it: one registry for the server (what it
 * records), the filter (what it accepts) and the web (its labels).
 */
export const AUDIT_ACTIONS = [
  "admin.access_granted",
  "admin.access_denied",
  "admin.code_changed",
  "admin.code_reset",
  "bonus_code.create",
  "bonus_code.update",
  "task.create",
  "task.update",
  "message.global_save",
  "message.information_create",
  "message.information_update",
  "message.information_delete",
  "support.reply",
  "kyc.decision",
  "kyc.document_view",
  "withdrawal.first_approval",
  "withdrawal.approve",
  "withdrawal.reject",
  "withdrawal.settings",
  "shop.item_update",
  "shop.payment_resolve",
  "games.limits",
  "user.role",
  "user.role_grant_request",
  "user.role_grant_cancel",
  "user.suspend",
  "user.unsuspend",
  "user.adjustment",
  "user.verification_resend",
  "ad.create",
  "ad.update",
  "ad.delete",
  "features.update",
  "contest.links_update",
  "legal.community_links_update",
  "daily.settings",
  "leagues.settings",
  "circle.settings",
  "challenge.settings",
  "risk.settings",
  "risk.run",
  "risk.withhold_referral_bonus",
  "risk.release_referral_bonus",
  "risk.require_kyc",
  "risk.waive_kyc",
  "risk.mark_reviewed",
  "squad.rename",
  "squad.hide",
  "squad.show",
  "squad.disband",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audited act was done to. */
export const AUDIT_TARGET_TYPES = [
  "admin",
  "bonus_code",
  "task",
  "message",
  "support_ticket",
  "user",
  "kyc_document",
  "withdrawal",
  "settings",
  "shop_item",
  "shop_payment",
  "ad",
  "contest",
  "risk",
  "squad",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** An audit cursor: `<ISO time>|<uuid>` of the last row seen, base64url. */
export const auditCursorSchema = z
  .string()
  .max(120)
  .regex(/^[A-Za-z0-9_-]+$/, "must be a page cursor");

const auditDateSchema = z.iso.datetime({ offset: true }).or(z.iso.date());

export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actorId: z.string().trim().min(1).max(100).optional(),
  targetId: z.string().trim().min(1).max(200).optional(),
  /** From this instant (or day, UTC), inclusive. */
  from: auditDateSchema.optional(),
  /** Until this instant (or the end of this day, UTC), inclusive. */
  to: auditDateSchema.optional(),
  cursor: auditCursorSchema.optional(),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actorNickname: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The target's nickname when the target is a user (joined), so a screen never shows ids. */
  targetNickname: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;

export function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}
