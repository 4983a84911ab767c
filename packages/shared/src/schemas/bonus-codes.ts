import { z } from "zod";
import { BONUS_CODE_INPUT_MAX_LENGTH } from "../constants.ts";
import { normalizeTypedFre } from "../money.ts";

export const bonusCodeTypeSchema = z.enum(["fre", "boost", "time_reduction"]);
export const bonusCodeValueSchema = z.string().trim().toUpperCase().min(1).max(32);

export const redeemBodySchema = z.object({ code: z.string().max(BONUS_CODE_INPUT_MAX_LENGTH) });
export const redeemResultSchema = z.object({
  code: z.string(),
  type: bonusCodeTypeSchema,
  /** FRE credited (fre), FRE/h added (boost) or milliseconds removed (time_reduction). */
  value: z.string(),
  durationHours: z.number().int().nullable(),
});

/** Admin create/update: rewardValue is a decimal FRE string, or integer ms for time_reduction. */
export const adminBonusCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,32}$/),
  type: bonusCodeTypeSchema,
  /** As typed (« 100,5 » or "100.5", normalizeTypedFre); the service reads it by type. */
  rewardValue: z.string().max(64).overwrite(normalizeTypedFre),
  durationHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  maxUses: z.number().int().min(1).max(10_000_000),
  isActive: z.boolean().default(true),
});
export const adminBonusCodeUpdateSchema = adminBonusCodeBodySchema
  .omit({ code: true, type: true })
  .partial();
export const adminBonusCodeSchema = z.object({
  code: z.string(),
  type: bonusCodeTypeSchema,
  rewardValue: z.string(),
  durationHours: z.number().int(),
  maxUses: z.number().int(),
  currentUses: z.number().int(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export const adminBonusCodeListSchema = z.object({ items: z.array(adminBonusCodeSchema) });
/** `/api/admin/bonus-codes/:code`: the code as stored (upper case). */
export const bonusCodeParamsSchema = z.object({ code: z.string().min(1).max(32) });
export type AdminBonusCode = z.infer<typeof adminBonusCodeSchema>;
export type RedeemResult = z.infer<typeof redeemResultSchema>;
export type AdminBonusCodeList = z.infer<typeof adminBonusCodeListSchema>;
export type BonusCodeParams = z.infer<typeof bonusCodeParamsSchema>;
export type RedeemBody = z.infer<typeof redeemBodySchema>;
export type AdminBonusCodeBody = z.infer<typeof adminBonusCodeBodySchema>;
export type AdminBonusCodeUpdate = z.infer<typeof adminBonusCodeUpdateSchema>;
