import { z } from "zod";
import { freAmountSchema } from "./common.ts";
import { kycRequestStatusSchema } from "./kyc.ts";

/** Spec §5/§9: the default minimum of a withdrawal, in FRE (admins may change it). */
export const WITHDRAWAL_DEFAULT_MINIMUM = "30";
export const WITHDRAWAL_REASON_MIN_LENGTH = 3;
export const WITHDRAWAL_REASON_MAX_LENGTH = 500;

/**
 * pending (FRE held, waiting for an admin) → processing (approved, the payout is on its way) →
 * completed (txHash); or failed / rejected / cancelled, each with the held FRE refunded.
 */
export const WITHDRAWAL_STATUSES = [
  "pending",
  "processing",
  "completed",
  "failed",
  "rejected",
  "cancelled",
] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

/** A FRE amount as typed: at most 9 decimals, more than zero, at most MAX_FRE_AMOUNT. */
export const withdrawalAmountSchema = freAmountSchema.refine(
  (value) => /[1-9]/.test(value),
  "must be more than 0",
);

export const createWithdrawalBodySchema = z.object({ amount: withdrawalAmountSchema });
export type CreateWithdrawalBody = z.infer<typeof createWithdrawalBodySchema>;

export const withdrawalSchema = z.object({
  id: z.string(),
  /** FRE, decimal string with 9 decimals. */
  amount: z.string(),
  status: withdrawalStatusSchema,
  /** The destination, user-friendly form (the wallet linked when it was asked). */
  wallet: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set once completed: the payout's transaction and where to see it. */
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  /** The admin's reason of a rejection, or why the payout failed. */
  reason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalLimitsSchema = z.object({
  /** The smallest withdrawal, FRE. */
  minimum: z.string(),
  /** The user's spendable balance, FRE. */
  balance: z.string(),
  /** The linked TON wallet (user-friendly), null without one. */
  wallet: z.string().nullable(),
  kycStatus: kycRequestStatusSchema,
  /** True while a request is pending or processing (one at a time). */
  hasActiveWithdrawal: z.boolean(),
  /** False when this server pays no withdrawals (no hot wallet configured): asking is refused. */
  available: z.boolean(),
});
export type WithdrawalLimits = z.infer<typeof withdrawalLimitsSchema>;

export const withdrawalListSchema = z.object({
  items: z.array(withdrawalSchema),
  limits: withdrawalLimitsSchema,
});
export type WithdrawalList = z.infer<typeof withdrawalListSchema>;

// Admin

export const adminWithdrawalQuerySchema = z.object({
  status: withdrawalStatusSchema.default("pending"),
});
export const adminWithdrawalSchema = withdrawalSchema.extend({
  userId: z.string(),
  nickname: z.string(),
  reviewedAt: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalListSchema = z.object({ items: z.array(adminWithdrawalSchema) });
export type AdminWithdrawalList = z.infer<typeof adminWithdrawalListSchema>;

export const adminWithdrawalRejectBodySchema = z.object({
  reason: z.string().trim().min(WITHDRAWAL_REASON_MIN_LENGTH).max(WITHDRAWAL_REASON_MAX_LENGTH),
});
export type AdminWithdrawalRejectBody = z.infer<typeof adminWithdrawalRejectBodySchema>;

export const withdrawalSettingsSchema = z.object({ minimum: z.string() });
export const withdrawalSettingsBodySchema = z.object({ minimum: withdrawalAmountSchema });
export type WithdrawalSettings = z.infer<typeof withdrawalSettingsSchema>;
