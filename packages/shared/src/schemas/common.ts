import { z } from "zod";

export const errorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  retryAfter: z.number().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
