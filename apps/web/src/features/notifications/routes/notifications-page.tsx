import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Glyph } from "../../../components/ui/glyph";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { formatRelative } from "../../../lib/relative-time";
import { useLanguage } from "../../../lib/use-language";
import { useMarkAllRead, useMarkRead, useNotifications } from "../hooks/use-notifications";
import { notificationGlyph, notificationPath } from "../notification-list";

/** The notification centre: newest first; opening one marks it read and goes where it points. */
export function NotificationsPage() {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const title = tc("pages.notifications");
  const now = Date.now();
  const items = [...(notifications.data?.items ?? [])].sort(
    (a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp),
  );
  const unread = notifications.data?.unread ?? 0;

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageTitle title={title}>{title}</PageTitle>
          {notifications.data ? (
            <p className="mt-1 text-sm text-muted" data-testid="notification-unread-count">
              {unread > 0 ? t("notifications.unreadCount", { unread }) : t("notifications.allRead")}
            </p>
          ) : null}
        </div>
        {notifications.data && items.length > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t("notifications.markAll")}
          </Button>
        ) : null}
      </div>

      {markAll.isError || markRead.isError ? (
        <Alert tone="error">{t("notifications.markFailed")}</Alert>
      ) : null}

      <QueryState
        query={notifications}
        error={t("notifications.loadFailed")}
        isEmpty={() => items.length === 0}
        empty={
          <div className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-night-600 px-5 py-10 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-night-800 text-amber-200">
              <Glyph name="bell" className="size-6" />
            </span>
            <p className="font-semibold text-slate-100">{t("notifications.empty.title")}</p>
            <p className="text-sm text-muted">{t("notifications.empty.text")}</p>
          </div>
        }
      >
        {() => (
          <ul data-testid="notification-list" className="grid gap-2">
            {items.map((item) => (
              <li key={item.id} data-read={item.read}>
                <Link
                  to={notificationPath(item.target)}
                  onClick={() => {
                    if (!item.read) markRead.mutate(item.id);
                  }}
                  className={`flex items-start gap-3 rounded-2xl border p-4 transition-colors ${
                    item.read
                      ? "border-night-700 bg-night-850 hover:border-night-600"
                      : "border-amber-300/40 bg-amber-400/[0.07] hover:border-amber-300/70"
                  }`}
                >
                  <span className="grid size-10 shrink-0 place-items-center rounded-full bg-night-700 text-amber-200">
                    <Glyph name={notificationGlyph(item.type)} />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-start justify-between gap-2">
                      <span
                        className={`font-semibold ${item.read ? "text-slate-200" : "text-white"}`}
                      >
                        {item.read ? null : (
                          <span className="sr-only">{t("notifications.unreadPrefix")} </span>
                        )}
                        {item.title}
                      </span>
                      <time dateTime={item.timestamp} className="shrink-0 text-xs text-muted">
                        {formatRelative(item.timestamp, now, language)}
                      </time>
                    </span>
                    <span className="mt-0.5 block text-sm text-slate-300">{item.message}</span>
                  </span>
                  {item.read ? null : (
                    <span
                      aria-hidden="true"
                      className="mt-2 size-2.5 shrink-0 rounded-full bg-amber-300"
                    />
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
