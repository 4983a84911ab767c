import { z } from "zod";
import { REFERRAL_CODE_INPUT_MAX_LENGTH } from "../constants.ts";

export const referralsSchema = z.object({
  code: z.string(),
  link: z.string(),
  referrals: z.array(
    z.object({
      id: z.string(),
      nickname: z.string(),
      joinedAt: z.string(),
      active: z.boolean(),
      /** When the referrer may nudge this referral again; null while a reminder is allowed. */
      remindableAt: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  activeCount: z.number().int(),
  countedCount: z.number().int(),
  bonusPerHour: z.string(),
  hasReferrer: z.boolean(),
  /**
   * Set when no complete, active security circle backs me: at most this many referrals count
   * (decision 0043). Absent: the full bonus applies.
   */
  circleCap: z.number().int().optional(),
});
export const setReferrerBodySchema = z.object({
  code: z.string().max(REFERRAL_CODE_INPUT_MAX_LENGTH),
});

/** A referrer may nudge each inactive referral at most once per this period. */
export const REFERRAL_REMIND_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** `POST /api/referrals/:referralId/remind`: the referral is one of my referrals, by user id. */
export const referralRemindParamsSchema = z.object({ referralId: z.uuid() });
export const referralReminderSchema = z.object({
  nickname: z.string(),
  remindedAt: z.string(),
  remindableAt: z.string(),
});

export const leaderboardSchema = z.object({
  top: z.array(z.object({ rank: z.number().int(), nickname: z.string(), totalMined: z.string() })),
  me: z.object({ rank: z.number().int(), totalMined: z.string() }),
});

export type Referrals = z.infer<typeof referralsSchema>;
export type ReferralReminder = z.infer<typeof referralReminderSchema>;
export type Leaderboard = z.infer<typeof leaderboardSchema>;
