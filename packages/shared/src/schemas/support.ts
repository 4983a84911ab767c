import { z } from "zod";

export const SUPPORT_TICKET_STATUSES = ["open", "answered", "closed"] as const;
export const SUPPORT_SUBJECT_MIN_LENGTH = 3;
export const SUPPORT_SUBJECT_MAX_LENGTH = 120;
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;
export const SUPPORT_MESSAGE_MAX_LENGTH = 4000;

export const supportTicketStatusSchema = z.enum(SUPPORT_TICKET_STATUSES);
export const supportTicketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: supportTicketStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const supportMessageSchema = z.object({
  id: z.string(),
  author: z.enum(["user", "admin"]),
  body: z.string(),
  createdAt: z.string(),
});
export const supportThreadSchema = supportTicketSchema.extend({
  messages: z.array(supportMessageSchema),
});
export const supportTicketListSchema = z.object({ items: z.array(supportTicketSchema) });

export const newTicketBodySchema = z.object({
  subject: z.string().trim().min(SUPPORT_SUBJECT_MIN_LENGTH).max(SUPPORT_SUBJECT_MAX_LENGTH),
  message: z.string().trim().min(SUPPORT_MESSAGE_MIN_LENGTH).max(SUPPORT_MESSAGE_MAX_LENGTH),
});
/** A reply in an open thread: any non-blank message (the 10-character floor is for new tickets). */
export const ticketReplyBodySchema = z.object({
  message: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX_LENGTH),
});

export const adminSupportTicketSchema = supportTicketSchema.extend({ nickname: z.string() });
export const adminSupportTicketListSchema = z.object({ items: z.array(adminSupportTicketSchema) });
export const adminSupportTicketQuerySchema = z.object({
  status: supportTicketStatusSchema.optional(),
});
/** `close: true` answers and closes the ticket in one step. */
export const adminTicketReplyBodySchema = ticketReplyBodySchema.extend({
  close: z.boolean().default(false),
});

export type SupportTicketStatus = z.infer<typeof supportTicketStatusSchema>;
export type SupportTicket = z.infer<typeof supportTicketSchema>;
export type SupportMessage = z.infer<typeof supportMessageSchema>;
export type SupportThread = z.infer<typeof supportThreadSchema>;
export type SupportTicketList = z.infer<typeof supportTicketListSchema>;
export type NewTicketBody = z.infer<typeof newTicketBodySchema>;
export type TicketReplyBody = z.infer<typeof ticketReplyBodySchema>;
export type AdminSupportTicket = z.infer<typeof adminSupportTicketSchema>;
export type AdminSupportTicketList = z.infer<typeof adminSupportTicketListSchema>;
export type AdminSupportTicketQuery = z.infer<typeof adminSupportTicketQuerySchema>;
export type AdminTicketReplyBody = z.infer<typeof adminTicketReplyBodySchema>;
