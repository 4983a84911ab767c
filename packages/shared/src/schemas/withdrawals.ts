import { z } from "zod";
import {
  AMOUNT_RANGE_ISSUE,
  amountRangeHolds,
  type QueueSort,
  queueOpenedBySchema,
  queuePageFields,
} from "./admin-queues.ts";
import { freAmountSchema } from "./common.ts";
import { kycRequestStatusSchema } from "./kyc.ts";

/** Spec §5/§9: the default minimum of a withdrawal, in FRE (admins may change it). */
export const WITHDRAWAL_DEFAULT_MINIMUM = "30";
/**
 * Four eyes (decision 0030): a withdrawal of more than this many FRE needs two different admins'
 * approvals until an admin sets another threshold.
 */
export const WITHDRAWAL_DEFAULT_SECOND_APPROVAL_ABOVE = "1000";
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

/** The risk filter: a high or medium score, or low (low or never scored). */
export const WITHDRAWAL_RISK_FILTERS = ["high", "medium", "low"] as const;
/**
 * One status, sorted (by default the pending queue oldest first, a history newest first) by age
 * or amount, filtered by risk level and amount range, paged (decision 0061).
 */
export const adminWithdrawalQuerySchema = z
  .object({
    status: withdrawalStatusSchema.default("pending"),
    risk: z.enum(WITHDRAWAL_RISK_FILTERS).optional(),
    ...queuePageFields,
  })
  .refine(amountRangeHolds, AMOUNT_RANGE_ISSUE);
export type AdminWithdrawalQuery = z.infer<typeof adminWithdrawalQuerySchema>;
/** The order of a list when none is asked: a queue oldest first, a history newest first. */
export const defaultWithdrawalSort = (status: WithdrawalStatus): QueueSort =>
  status === "pending" ? "oldest" : "newest";
/**
 * What the admin weighs before paying, computed by the server when it lists the request (one
 * query for the page): the user's account now, their history and what would look unusual.
 */
export const adminWithdrawalRiskSchema = z.object({
  /** The user's spendable balance now (the amount is already held out of it), FRE. */
  balance: z.string(),
  kycStatus: kycRequestStatusSchema,
  accountCreatedAt: z.string(),
  /** Whole days since the account was created. */
  accountAgeDays: z.number().int().min(0),
  emailVerified: z.boolean(),
  /** Lifetime mined FRE. */
  totalMined: z.string(),
  /** The user's earlier withdrawals that were paid: how many and how much (FRE). */
  completedWithdrawals: z.object({ count: z.number().int().min(0), total: z.string() }),
  /** Balance adjustments made by admins in the last 30 days: how many and their sum (signed FRE). */
  recentAdjustments: z.object({ count: z.number().int().min(0), total: z.string() }),
  suspended: z.boolean(),
  /** Other accounts that asked a withdrawal to this same address (0: nobody else). */
  sameWalletAccounts: z.number().int().min(0),
});
export type AdminWithdrawalRisk = z.infer<typeof adminWithdrawalRiskSchema>;

/**
 * Where a request stands in its review: waiting for an approval, approved once and waiting for a
 * second, different admin (above the threshold), or decided (no longer pending).
 */
export const WITHDRAWAL_APPROVAL_STATES = [
  "awaiting_approval",
  "awaiting_second_approval",
  "decided",
] as const;
export const withdrawalApprovalStateSchema = z.enum(WITHDRAWAL_APPROVAL_STATES);
export type WithdrawalApprovalState = z.infer<typeof withdrawalApprovalStateSchema>;

export const adminWithdrawalSchema = withdrawalSchema.extend({
  userId: z.string(),
  nickname: z.string(),
  reviewedAt: z.string().nullable(),
  approvalState: withdrawalApprovalStateSchema,
  /**
   * 2 when the amount was above the four-eyes threshold in force when the user asked, else 1:
   * fixed with the request, a later change of the threshold does not move it.
   */
  approvalsRequired: z.number().int().min(1).max(2),
  /**
   * The first of two approvals, once given and while it still counts (its admin is still an
   * admin and their account not erased; otherwise the next approval is the first again).
   */
  firstApproval: z
    .object({ adminId: z.string(), nickname: z.string().nullable(), at: z.string() })
    .nullable(),
  /** Pending requests only (what an admin weighs before deciding); null once decided. */
  risk: adminWithdrawalRiskSchema.nullable(),
  /**
   * The account's bot-farm risk level now (decision 0045), for a badge: "high" or "medium"; null
   * for a low or never scored account. Never shown to the user.
   */
  riskLevel: z.enum(["high", "medium"]).nullable(),
  /** Another admin opened it in the last minutes (decision 0061), else null. */
  openedBy: queueOpenedBySchema,
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalListSchema = z.object({
  items: z.array(adminWithdrawalSchema),
  /** The next page's offset, null on the last page. */
  nextOffset: z.number().int().nullable(),
});
export type AdminWithdrawalList = z.infer<typeof adminWithdrawalListSchema>;

export const adminWithdrawalRejectBodySchema = z.object({
  reason: z.string().trim().min(WITHDRAWAL_REASON_MIN_LENGTH).max(WITHDRAWAL_REASON_MAX_LENGTH),
});
export type AdminWithdrawalRejectBody = z.infer<typeof adminWithdrawalRejectBodySchema>;

/**
 * What the approving admin was shown: "first" — their approval is the first of two and pays
 * nothing; "final" — it pays (the only approval, or the second). When the request no longer
 * stands there, the server answers 409 WITHDRAWAL_STATE_CHANGED and changes nothing.
 */
export const WITHDRAWAL_APPROVAL_EXPECTATIONS = ["first", "final"] as const;
export const adminWithdrawalApproveBodySchema = z.object({
  expect: z.enum(WITHDRAWAL_APPROVAL_EXPECTATIONS),
});
export type AdminWithdrawalApproveBody = z.infer<typeof adminWithdrawalApproveBodySchema>;

export const withdrawalSettingsSchema = z.object({
  minimum: z.string(),
  /** Above this amount (FRE), a withdrawal needs two different admins' approvals. */
  secondApprovalAbove: z.string(),
});
/** Either or both settings; what is left out keeps its value. */
export const withdrawalSettingsBodySchema = z
  .object({
    minimum: withdrawalAmountSchema.optional(),
    secondApprovalAbove: freAmountSchema.optional(),
  })
  .refine(
    (body) => body.minimum !== undefined || body.secondApprovalAbove !== undefined,
    "minimum or secondApprovalAbove is required",
  );
export type WithdrawalSettings = z.infer<typeof withdrawalSettingsSchema>;
export type WithdrawalSettingsBody = z.infer<typeof withdrawalSettingsBodySchema>;
