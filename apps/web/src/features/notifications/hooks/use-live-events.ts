import type { AppNotification, NotificationList } from "@fre/shared";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { emitLiveEvent } from "../../../lib/live-events";
import { invalidateAccount, queryKeys } from "../../../lib/query-keys";
import { notificationKeys } from "../api/notifications-api";
import { addNotification } from "../notification-list";

/**
 * What a notification says has changed elsewhere in the app: "account" when the balance or the
 * rate moved (invalidateAccount), else the queries it concerns.
 */
const refreshes: Record<string, "account" | QueryKey[]> = {
  mining_session_end: [queryKeys.mining],
  mining_session_claim: "account",
  referral_active: "account",
  level_up: "account",
  withdrawal_complete: "account",
  bonus_expiring: [queryKeys.mining],
};

function parse(data: unknown): AppNotification | null {
  if (typeof data !== "string") return null;
  try {
    const value = JSON.parse(data) as Partial<AppNotification> | null;
    return value && typeof value.id === "string" && typeof value.title === "string"
      ? (value as AppNotification)
      : null;
  } catch {
    return null;
  }
}

/**
 * The live stream of the signed-in user (GET /api/events, server-sent events). EventSource
 * reconnects by itself (the server asks for 5 s); each time it connects the list is re-read in
 * case something arrived meanwhile. Closed when the signed-in layout goes (sign-out).
 */
export function useLiveEvents(onNotification: (notification: AppNotification) => void) {
  const queryClient = useQueryClient();
  const handler = useRef(onNotification);
  handler.current = onNotification;

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events", { withCredentials: true });
    // On every (re)connection: whatever was sent while we were not listening is read again.
    source.addEventListener("open", () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      emitLiveEvent("open");
    });
    // Broadcasts for the messages and games features (lib/live-events).
    for (const type of ["information", "global_message", "jackpot"] as const) {
      source.addEventListener(type, (event) => emitLiveEvent(type, (event as MessageEvent).data));
    }
    source.addEventListener("notification", (event) => {
      const notification = parse((event as MessageEvent).data);
      if (!notification) return;
      queryClient.setQueryData<NotificationList>(notificationKeys.all, (list) =>
        addNotification(list, notification),
      );
      const refresh = refreshes[notification.type] ?? [];
      if (refresh === "account") {
        // The list was just updated from the event itself.
        void invalidateAccount(queryClient, { except: [notificationKeys.all] });
      } else {
        for (const key of refresh) void queryClient.invalidateQueries({ queryKey: key });
      }
      handler.current(notification);
    });
    return () => source.close();
  }, [queryClient]);
}
