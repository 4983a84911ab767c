import { z } from "zod";
import { REFERRAL_CODE_INPUT_MAX_LENGTH } from "../constants.ts";

export const referralsSchema = z.object({
  code: z.string(),
  link: z.string(),
  referrals: z.array(z.object({ nickname: z.string(), joinedAt: z.string(), active: z.boolean() })),
  total: z.number().int(),
  activeCount: z.number().int(),
  countedCount: z.number().int(),
  bonusPerHour: z.string(),
  hasReferrer: z.boolean(),
});
export const setReferrerBodySchema = z.object({
  code: z.string().max(REFERRAL_CODE_INPUT_MAX_LENGTH),
});

export const leaderboardSchema = z.object({
  top: z.array(z.object({ rank: z.number().int(), nickname: z.string(), totalMined: z.string() })),
  me: z.object({ rank: z.number().int(), totalMined: z.string() }),
});

export type Referrals = z.infer<typeof referralsSchema>;
export type Leaderboard = z.infer<typeof leaderboardSchema>;
