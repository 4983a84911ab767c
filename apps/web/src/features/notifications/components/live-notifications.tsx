import type { AppNotification } from "@fre/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { CloseButton } from "../../../components/ui/close-button";
import { Glyph } from "../../../components/ui/glyph";
import { notificationKeys } from "../api/notifications-api";
import { useLiveEvents } from "../hooks/use-live-events";
import { useMarkRead } from "../hooks/use-notifications";
import { notificationPath } from "../notification-list";

const TOAST_MS = 6000;
/** Waiting toasts kept at most: past that, the oldest waiting ones are dropped (the list keeps them). */
const MAX_QUEUED = 5;

function Toast({
  notification,
  onOpen,
  onClose,
}: {
  notification: AppNotification;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("app");
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const timer = window.setTimeout(() => close.current(), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <li className="pointer-events-auto flex animate-toast items-start gap-3 rounded-2xl border border-amber-300/40 bg-night-800/95 p-3 shadow-2xl shadow-black/50 backdrop-blur">
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-start gap-3 rounded-xl text-left"
      >
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-full bg-amber-400/15 text-amber-200"
        >
          <Glyph name="bell" />
        </span>
        <span className="min-w-0">
          <span className="block font-semibold text-white">{notification.title}</span>
          <span className="block text-sm text-slate-300">{notification.message}</span>
        </span>
      </button>
      <CloseButton label={t("notifications.dismiss")} onClick={onClose} />
    </li>
  );
}

/**
 * Opens the live stream while signed in and shows each new notification as a short toast, one at
 * a time: the next waits until the shown one closes (by itself, or dismissed, or opened).
 */
export function LiveNotifications() {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const [toasts, setToasts] = useState<AppNotification[]>([]);
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();

  // Titles and messages come translated by the server: a new language needs a new list.
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    i18n.on("languageChanged", reload);
    return () => i18n.off("languageChanged", reload);
  }, [i18n, queryClient]);

  useLiveEvents(
    useCallback((notification: AppNotification) => {
      // One toast at a time, the others queued behind it in arrival order: toasts never pile up
      // over the page.
      setToasts((current) => {
        if (current.some((toast) => toast.id === notification.id)) return current;
        const [shown, ...waiting] = current;
        const queue = [...waiting, notification].slice(-MAX_QUEUED);
        return shown ? [shown, ...queue] : queue;
      });
    }, []),
  );

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 top-[4.5rem] z-50 mx-auto max-w-md"
    >
      <ul className="grid gap-2" data-queued={Math.max(0, toasts.length - 1)}>
        {toasts.slice(0, 1).map((notification) => (
          <Toast
            key={notification.id}
            notification={notification}
            onClose={() => dismiss(notification.id)}
            onOpen={() => {
              dismiss(notification.id);
              markRead.mutate(notification.id);
              navigate(notificationPath(notification.target));
            }}
          />
        ))}
      </ul>
    </div>
  );
}
