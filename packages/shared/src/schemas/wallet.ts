import { z } from "zod";
import { idCursorSchema } from "./common.ts";

export const ledgerItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  amount: z.string(),
  reference: z.string(),
  createdAt: z.string(),
});
export const ledgerPageSchema = z.object({
  items: z.array(ledgerItemSchema),
  nextCursor: z.string().nullable(),
});
export const ledgerQuerySchema = z.object({
  cursor: idCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const walletSchema = z.object({
  balance: z.string(),
  totalMined: z.string(),
  miningRate: z.string(),
  bonusHistory: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      type: z.string(),
      value: z.string(),
      duration: z.number().nullable(),
      timestamp: z.string(),
    }),
  ),
  levelValidations: z.array(
    z.object({ level: z.number().int(), reward: z.string(), validatedAt: z.string() }),
  ),
});
export const publicStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeMiners24h: z.number().int(),
  totalMined: z.string(),
});

export type LedgerPage = z.infer<typeof ledgerPageSchema>;
export type Wallet = z.infer<typeof walletSchema>;
export type PublicStats = z.infer<typeof publicStatsSchema>;
