import { z } from "zod";

export const messageTypeSchema = z.enum(["info", "warning", "success"]);
export const globalMessageSchema = z.object({
  title: z.string(),
  content: z.string(),
  type: messageTypeSchema,
  expiresAt: z.string().nullable(),
  revision: z.number().int(),
});
export const globalMessageAnswerSchema = z.object({ message: globalMessageSchema.nullable() });
/** A revision is a PostgreSQL integer: anything past it names no revision. */
export const globalMessageReadBodySchema = z.object({
  revision: z.number().int().min(1).max(2_147_483_647),
});

export const adminGlobalMessageSchema = globalMessageSchema.extend({ active: z.boolean() });
export const adminGlobalMessageAnswerSchema = z.object({
  message: adminGlobalMessageSchema.nullable(),
});
export const adminGlobalMessageSavedSchema = z.object({ message: adminGlobalMessageSchema });
export const adminGlobalMessageBodySchema = z.object({
  title: z.string().trim().min(1).max(120),
  content: z.string().trim().min(1).max(4000),
  type: messageTypeSchema,
  active: z.boolean(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});

export const informationMessageSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  unread: z.boolean(),
});
export const informationListSchema = z.object({
  items: z.array(informationMessageSchema),
  unreadCount: z.number().int(),
});
export const informationUnreadSchema = z.object({
  unreadCount: z.number().int(),
  latest: z.object({ id: z.string(), title: z.string(), createdAt: z.string() }).nullable(),
});
/** An information message as the admin console lists and edits it (no per-user read state). */
export const adminInformationMessageSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export const informationBodySchema = z.object({
  title: z.string().trim().min(1).max(120),
  content: z.string().trim().min(1).max(8000),
});

export type GlobalMessage = z.infer<typeof globalMessageSchema>;
export type InformationMessage = z.infer<typeof informationMessageSchema>;
export type GlobalMessageAnswer = z.infer<typeof globalMessageAnswerSchema>;
export type GlobalMessageReadBody = z.infer<typeof globalMessageReadBodySchema>;
export type AdminGlobalMessage = z.infer<typeof adminGlobalMessageSchema>;
export type AdminGlobalMessageAnswer = z.infer<typeof adminGlobalMessageAnswerSchema>;
export type AdminGlobalMessageSaved = z.infer<typeof adminGlobalMessageSavedSchema>;
export type AdminGlobalMessageBody = z.infer<typeof adminGlobalMessageBodySchema>;
export type InformationList = z.infer<typeof informationListSchema>;
export type InformationUnread = z.infer<typeof informationUnreadSchema>;
export type AdminInformationMessage = z.infer<typeof adminInformationMessageSchema>;
export type InformationBody = z.infer<typeof informationBodySchema>;
