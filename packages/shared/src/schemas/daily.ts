import { z } from "zod";
import { DAILY_CYCLE_DAYS, isTimeZone, TIME_ZONE_MAX_LENGTH } from "../daily.ts";
import { normalizeTypedFre } from "../money.ts";

/** An IANA zone name the runtime knows (`Europe/Paris`): printable, bounded. */
export const timeZoneSchema = z
  .string()
  .max(TIME_ZONE_MAX_LENGTH)
  .refine(isTimeZone, "must be an IANA time zone such as Europe/Paris");

/**
 * The zone the browser reports (`Intl.DateTimeFormat().resolvedOptions().timeZone`): only used
 * to create the streak on its first read or claim; later changes go through the settings.
 */
export const dailyQuerySchema = z.object({ timeZone: timeZoneSchema.optional() });
export const dailyClaimBodySchema = z.object({ timeZone: timeZoneSchema.optional() });

export const dailySettingsBodySchema = z.object({
  timeZone: timeZoneSchema.optional(),
  reminders: z.boolean().optional(),
});

export const dailyStateSchema = z.object({
  /** The cycle day (1–7) the next claim gives, or today's claim gave. */
  day: z.number().int().min(1).max(DAILY_CYCLE_DAYS),
  /** Consecutive claimed days (0: no streak running). */
  streak: z.number().int().min(0),
  claimedToday: z.boolean(),
  /** Claimed: when the next claim opens. Not claimed: when today (local) ends. */
  nextAt: z.string(),
  /** Each cycle day's reward, FRE decimal strings. */
  rewards: z.array(z.string()).length(DAILY_CYCLE_DAYS),
  freezes: z.number().int().min(0),
  /** Claims made towards the next freeze, and how many earn one. */
  freezeProgress: z.number().int().min(0),
  claimsPerFreeze: z.number().int().min(1),
  maxFreezes: z.number().int().min(0),
  /** The day-7 boost (0: none). */
  boostPercent: z.number().int().min(0),
  boostHours: z.number().int().min(0),
  timeZone: z.string(),
  /** When the zone may next change (null: now). */
  zoneChangeAt: z.string().nullable(),
  reminders: z.boolean(),
});

/** A claim's answer: the new state and what this claim gave. */
export const dailyClaimResultSchema = dailyStateSchema.extend({
  claimed: z.object({
    day: z.number().int(),
    reward: z.string(),
    freezesUsed: z.number().int(),
    /** The day-7 boost added, FRE/h (null: none). */
    boost: z.string().nullable(),
  }),
});

const rewardSchema = z
  .string()
  .max(64)
  .overwrite(normalizeTypedFre)
  .regex(/^\d{1,10}(\.\d{1,9})?$/, "a FRE amount with at most 9 decimals");

export const dailyAdminSettingsSchema = z.object({
  rewards: z.array(rewardSchema).length(DAILY_CYCLE_DAYS),
  boostPercent: z.number().int().min(0).max(100),
  boostHours: z.number().int().min(1).max(168),
  claimsPerFreeze: z.number().int().min(1).max(60),
  maxFreezes: z.number().int().min(0).max(2),
});

export type DailyState = z.infer<typeof dailyStateSchema>;
export type DailyClaimResult = z.infer<typeof dailyClaimResultSchema>;
export type DailySettingsBody = z.infer<typeof dailySettingsBodySchema>;
export type DailyAdminSettings = z.infer<typeof dailyAdminSettingsSchema>;
