import { z } from "zod";
import { webUrlSchema } from "./common.ts";

export const contestLevelSchema = z.object({
  level: z.number().int(),
  task: z.string(),
  kind: z.enum(["social", "referral", "wallet", "purchase"]),
  status: z.enum(["done", "current", "locked", "unavailable"]),
  url: z.string().nullable(),
  openedAt: z.string().nullable(),
  reward: z.string(),
  validatedAt: z.string().nullable(),
});
export const contestSchema = z.object({
  level: z.number().int(),
  levels: z.array(contestLevelSchema),
});
export const contestLinksBodySchema = z.object({
  links: z
    .array(z.object({ level: z.number().int().min(1).max(5), url: webUrlSchema }))
    .min(1)
    .max(5),
});
/** `/api/contest/levels/:level/…`: the level number from the path. */
export const contestLevelParamsSchema = z.object({
  level: z.coerce.number().int().min(1).max(10),
});
export type Contest = z.infer<typeof contestSchema>;
export type ContestLevel = z.infer<typeof contestLevelSchema>;
export type ContestLinksBody = z.infer<typeof contestLinksBodySchema>;
export type ContestLevelParams = z.infer<typeof contestLevelParamsSchema>;
