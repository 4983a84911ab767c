import { z } from "zod";

export const componentHealthSchema = z.object({
  status: z.enum(["healthy", "unhealthy"]),
  details: z.string().optional(),
});
export const healthSchema = z.object({
  status: z.enum(["healthy", "unhealthy"]),
  timestamp: z.string(),
  components: z.object({
    database: componentHealthSchema,
    api: componentHealthSchema,
    blockchain: componentHealthSchema,
  }),
});
/** Liveness: the process answers (nothing else is checked). */
export const liveHealthSchema = z.object({ status: z.literal("ok") });
export type Health = z.infer<typeof healthSchema>;
export type ComponentHealth = z.infer<typeof componentHealthSchema>;
export type LiveHealth = z.infer<typeof liveHealthSchema>;
