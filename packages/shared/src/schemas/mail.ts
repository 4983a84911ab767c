import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "../constants.ts";

/** A mail kept by the outbox transport. */
export const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
/** Newest first. */
export const outboxMailListSchema = z.array(outboxMailSchema);
export const outboxQuerySchema = z.object({
  to: z.string().trim().toLowerCase().min(3).max(EMAIL_MAX_LENGTH),
});

export type OutboxMail = z.infer<typeof outboxMailSchema>;
export type OutboxMailList = z.infer<typeof outboxMailListSchema>;
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
