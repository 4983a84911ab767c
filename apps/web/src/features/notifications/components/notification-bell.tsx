import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { Glyph } from "../../../components/ui/glyph";
import { useNotifications } from "../hooks/use-notifications";
import { badgeText } from "../notification-list";

/** Header bell: opens the notification centre; the badge counts the unread ones. */
export function NotificationBell() {
  const { t } = useTranslation("app");
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  return (
    <NavLink
      to="/notifications"
      data-testid="notification-bell"
      aria-label={unread > 0 ? t("notifications.bellUnread", { unread }) : t("notifications.bell")}
      className={({ isActive }) =>
        `relative grid size-10 place-items-center rounded-full border transition-colors ${
          isActive
            ? "border-amber-300/70 bg-amber-400/15 text-amber-200"
            : "border-night-600 bg-night-800 text-slate-100 hover:border-amber-300/70"
        }`
      }
    >
      <Glyph name="bell" />
      {unread > 0 ? (
        <span
          data-testid="notification-badge"
          data-count={unread}
          aria-hidden="true"
          className="absolute -right-1 -top-1 grid h-5 min-w-5 place-items-center rounded-full border-2 border-night-900 bg-rose-500 px-1 text-[0.7rem] font-bold leading-none text-white"
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </NavLink>
  );
}
