import { z } from "zod";
import { NOTIFICATION_TYPES } from "../notifications.ts";

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
/**
 * One notification as the server renders it (title and message in the request's language).
 * `type` stays a plain string in the answer: rows keep whatever kind they were written with;
 * narrow it with notificationTypeSchema where a known kind matters.
 */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  target: z.string(),
});
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
});

// AppNotification, not Notification: the browser's Notification API keeps its name.
export type AppNotification = z.infer<typeof notificationSchema>;
export type NotificationList = z.infer<typeof notificationListSchema>;
