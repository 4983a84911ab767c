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
export type Health = z.infer<typeof healthSchema>;
export type ComponentHealth = z.infer<typeof componentHealthSchema>;
