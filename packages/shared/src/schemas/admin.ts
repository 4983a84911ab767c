import { z } from "zod";
import { ADMIN_CODE_MAX_LENGTH, ADMIN_CODE_MIN_LENGTH } from "../constants.ts";

export const adminAccessBodySchema = z.object({
  code: z.string().min(1).max(ADMIN_CODE_MAX_LENGTH),
});
export const adminAccessStatusSchema = z.object({
  elevated: z.boolean(),
  expiresAt: z.string().nullable(),
});
export const adminCodeChangeBodySchema = z.object({
  code: z.string().min(ADMIN_CODE_MIN_LENGTH).max(ADMIN_CODE_MAX_LENGTH),
});
/**
 * What PUT /api/admin/security/code accepts: only the upper bound, because the service checks
 * the minimum itself so the spec's own message is shown (adminCodeChangeBodySchema is the
 * full rule, for forms).
 */
export const adminNewAccessCodeBodySchema = z.object({
  code: z.string().max(ADMIN_CODE_MAX_LENGTH),
});
export const adminSummarySchema = z.object({
  pendingKyc: z.number().int(),
  pendingWithdrawals: z.number().int(),
  /** Support tickets waiting for the team's answer (status "open"). */
  openSupportTickets: z.number().int(),
});
export const securityLogEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  nickname: z.string().nullable(),
  action: z.string(),
  timestamp: z.string(),
});
export const securityLogSchema = z.object({ items: z.array(securityLogEntrySchema) });
export type AdminSummary = z.infer<typeof adminSummarySchema>;
export type SecurityLogEntry = z.infer<typeof securityLogEntrySchema>;
export type AdminAccessBody = z.infer<typeof adminAccessBodySchema>;
export type AdminAccessStatus = z.infer<typeof adminAccessStatusSchema>;
export type AdminNewAccessCodeBody = z.infer<typeof adminNewAccessCodeBodySchema>;
export type SecurityLog = z.infer<typeof securityLogSchema>;
