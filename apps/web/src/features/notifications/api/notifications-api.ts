import type { NotificationList } from "@fre/shared";
import { api } from "../../../lib/api-client";

export const fetchNotifications = (signal?: AbortSignal) =>
  api.get<NotificationList>("/api/notifications", signal);

export const markNotificationRead = (id: string) =>
  api.post<void>(`/api/notifications/${encodeURIComponent(id)}/read`);

export const markAllNotificationsRead = () => api.post<void>("/api/notifications/read-all");
