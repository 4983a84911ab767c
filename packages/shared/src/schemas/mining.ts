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

/**
 * What a mining rate is made of, in the order the rate card lists them: the base rate, validated
 * contest levels, counted referrals, permanent shop packs (FRE1, FRE3, FRE5) and temporary
 * boosts (shop boxes, boost codes). The total is their sum; a new source is a new entry here,
 * and every side that shows the rate must then show it (the web's labels are a Record of these).
 */
export const RATE_COMPONENTS = ["base", "levels", "referrals", "packs", "boosts"] as const;
export type RateComponent = (typeof RATE_COMPONENTS)[number];

const rateComponentAmounts = Object.fromEntries(
  RATE_COMPONENTS.map((component) => [component, amount]),
) as Record<RateComponent, typeof amount>;

export const rateBreakdownSchema = z.object({
  total: amount,
  ...rateComponentAmounts,
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
