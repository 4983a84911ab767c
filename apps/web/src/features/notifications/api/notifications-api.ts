import { api } from "../../../lib/api-client";

/** One notification as the server renders it (title and message in the request's language). */
export interface AppNotification {
  id: string;
  type: string;
  title: string;
  message: string;
  timestamp: string;
  read: boolean;
  target: string;
}

export interface NotificationList {
  items: AppNotification[];
  unread: number;
}

export const fetchNotifications = (signal?: AbortSignal) =>
  api.get<NotificationList>("/api/notifications", signal);

export const markNotificationRead = (id: string) =>
  api.post<void>(`/api/notifications/${encodeURIComponent(id)}/read`);

export const markAllNotificationsRead = () => api.post<void>("/api/notifications/read-all");
