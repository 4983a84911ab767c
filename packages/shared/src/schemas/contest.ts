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
export type Contest = z.infer<typeof contestSchema>;
