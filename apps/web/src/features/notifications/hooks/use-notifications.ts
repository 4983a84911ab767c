import type { NotificationList } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  notificationsQueryOptions,
} from "../api/notifications-api";
import { markAllRead, markRead } from "../notification-list";

export function useNotifications() {
  return useQuery({
    ...notificationsQueryOptions(),
    // The live stream keeps it current; this only catches up after a long sleep.
    staleTime: 60_000,
  });
}

/** Optimistic: the badge drops at once; a failure brings the server's truth back. */
function useOptimisticRead<V>(
  request: (variables: V) => Promise<void>,
  apply: (list: NotificationList, variables: V) => NotificationList,
) {
  const queryClient = useQueryClient();
  const key = notificationKeys.all;
  return useMutation({
    mutationFn: request,
    onMutate: async (variables: V) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationList>(key);
      if (before) queryClient.setQueryData(key, apply(before, variables));
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export const useMarkRead = () => useOptimisticRead<string>(markNotificationRead, markRead);

export const useMarkAllRead = () =>
  useOptimisticRead<void>(markAllNotificationsRead, (list) => markAllRead(list));

/** Unread notifications (0 until known), for the menu's badge. */
export function useUnreadNotificationCount(): number {
  return useNotifications().data?.unread ?? 0;
}
