import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The notifications' query keys, rooted in the cross-feature set (an account change refreshes it). */
export const notificationKeys = {
  all: queryKeys.notifications,
};

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => api.call("GET /api/notifications", undefined, signal),
  });

export const markNotificationRead = (id: string) =>
  api.call("POST /api/notifications/:id/read", { params: { id } });

export const markAllNotificationsRead = () => api.call("POST /api/notifications/read-all");
