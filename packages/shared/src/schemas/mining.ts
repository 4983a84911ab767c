import { z } from "zod";

const amount = z.string().regex(/^-?\d+\.\d{9}$/);

export const miningSessionViewSchema = z.object({
  id: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  active: z.boolean(),
  ended: z.boolean(),
  claimed: z.boolean(),
  earnings: amount,
  remainingMs: z.number().int(),
  /** Earnings computation inputs, so the client animates with the shared function. */
  accrual: z.object({ accrued: amount, segmentStart: z.string(), rate: amount }),
});

export const rateBreakdownSchema = z.object({
  total: amount,
  base: amount,
  levels: amount,
  referrals: amount,
  /** Permanent shop packs (FRE1, FRE3, FRE5). */
  packs: amount,
  boosts: amount,
  activeReferrals: z.number().int(),
  countedReferrals: z.number().int(),
});

export const miningStateSchema = z.object({
  session: miningSessionViewSchema.nullable(),
  rate: rateBreakdownSchema,
  serverTime: z.string(),
});

export const settleResultSchema = miningStateSchema.extend({ credited: amount });

export type MiningState = z.infer<typeof miningStateSchema>;
export type MiningSessionView = z.infer<typeof miningSessionViewSchema>;
export type RateBreakdown = z.infer<typeof rateBreakdownSchema>;
