import { useDeferredValue, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { CloseButton } from "../../../components/ui/close-button";
import { useUnreadInformationCount } from "../../../features/messages";
import { badgeText, useUnreadNotificationCount } from "../../../features/notifications";
import { useFeatures } from "../../../features/platform-status";
import { useAnsweredTicketCount } from "../../../features/support";
import { useMe } from "../../../lib/session";
import {
  type MenuBadge,
  type MenuCounts,
  type MenuItem,
  menuBadge,
  menuNews,
  menuSectionsFor,
} from "./menu-entries";
import { MenuIcon } from "./menu-icons";

const countBadge =
  "grid h-5 min-w-5 place-items-center rounded-full bg-rose-500 px-1 text-[0.7rem] font-bold leading-none text-white";

function useMenuCounts(open: boolean): MenuCounts {
  const { data: me } = useMe();
  return {
    information: useUnreadInformationCount(),
    notifications: useUnreadNotificationCount(),
    // The tickets are asked for when the menu opens (the other counts are already polled).
    support: useAnsweredTicketCount(open) ?? 0,
    kycStatus: me?.kycStatus,
  };
}

function Destination({
  item,
  badge,
  onChoose,
}: {
  item: MenuItem;
  badge: MenuBadge;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <NavLink
      to={item.to}
      end={item.to === "/admin"}
      data-testid={`menu-${item.id}`}
      onClick={onChoose}
      className={({ isActive }) =>
        `flex min-h-12 w-full items-center gap-3 rounded-xl border px-3 py-2 text-sm font-semibold transition-colors ${
          isActive
            ? "border-amber-300/60 bg-amber-400/10 text-amber-100"
            : "border-night-700 bg-night-800 text-slate-100 hover:border-amber-300/50 hover:text-white"
        }`
      }
    >
      <span className="relative text-amber-300">
        <MenuIcon name={item.id} />
        {badge?.kind === "count" ? (
          <span
            aria-hidden="true"
            data-testid="menu-badge"
            className={`absolute -right-2.5 -top-2.5 border-2 border-night-800 ${countBadge}`}
          >
            {badgeText(badge.count)}
          </span>
        ) : null}
      </span>
      <span className="grid min-w-0 flex-1 leading-tight">
        <span>{t(`menu.items.${item.id}`)}</span>
        {badge?.kind === "count" ? (
          <span className="sr-only">{t("menu.newItems", { count: badge.count })}</span>
        ) : null}
        {badge?.kind === "status" ? (
          <span
            data-testid="menu-status"
            className={`text-xs font-medium ${badge.status === "rejected" ? "text-rose-200" : "text-amber-100/80"}`}
          >
            <span className="sr-only">, </span>
            {t(`menu.kyc.${badge.status}`)}
          </span>
        ) : null}
      </span>
    </NavLink>
  );
}

/**
 * The header's "Menu": one tap from every signed-in screen to every destination the bottom
 * bar does not hold, with what waits there. A native modal <dialog> as a bottom sheet: the
 * browser traps focus and makes the page inert; Escape, the × button, a tap outside and any
 * navigation close it, and focus returns to the button.
 */
export function AppMenu() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { data: features } = useFeatures();
  const [open, setOpen] = useState(false);
  // The tap opens the sheet (its title, the close button) at once; its destinations follow in a
  // render of their own (deferred), so the tap's frame holds the dialog's opening alone.
  const filled = useDeferredValue(open);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const counts = useMenuCounts(open);
  const news = menuNews(counts);
  const titleId = useId();
  const dialogId = useId();
  const location = useLocation();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Back/forward or a link elsewhere on the page: the menu never outlives its page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each new location
  useEffect(() => setOpen(false), [location.key]);

  const close = () => setOpen(false);

  return (
    <>
      <button
        type="button"
        data-testid="app-menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={dialogId}
        aria-label={news > 0 ? t("menu.openWithNews", { count: news }) : t("menu.open")}
        onClick={() => setOpen(true)}
        className="relative grid size-10 place-items-center rounded-full border border-night-600 bg-night-800 text-slate-100 hover:border-amber-300/70"
      >
        <MenuIcon name="menu" />
        {news > 0 ? (
          <span
            aria-hidden="true"
            data-testid="app-menu-news"
            className={`absolute -right-1 -top-1 border-2 border-night-900 ${countBadge}`}
          >
            {badgeText(news)}
          </span>
        ) : null}
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop tap; keyboards have Escape */}
      <dialog
        ref={dialogRef}
        id={dialogId}
        data-testid="app-menu"
        aria-labelledby={titleId}
        onClose={close}
        onClick={(event) => {
          // The backdrop is the dialog itself; the sheet fills it with its own box.
          if (event.target === event.currentTarget) close();
        }}
        className="fixed inset-x-0 bottom-0 top-auto m-0 mx-auto max-h-[90dvh] w-full max-w-lg overflow-y-auto overscroll-contain rounded-t-3xl border border-b-0 border-night-700 bg-night-900 p-0 text-slate-100 shadow-2xl shadow-black/60 backdrop:bg-night-950/75 open:animate-rise sm:bottom-auto sm:top-20 sm:rounded-3xl sm:border-b"
      >
        {open ? (
          <div className="grid gap-5 px-4 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
            <div className="flex items-center justify-between gap-3">
              <h2 id={titleId} className="text-lg font-bold text-white">
                {t("menu.title")}
              </h2>
              <CloseButton label={t("menu.close")} onClick={close} />
            </div>
            <nav aria-labelledby={titleId} className="grid gap-5">
              {filled
                ? menuSectionsFor(me?.role, features).map((section) => (
                    <section key={section.id} aria-labelledby={`${titleId}-${section.id}`}>
                      <h3
                        id={`${titleId}-${section.id}`}
                        className="px-1 text-xs font-semibold uppercase tracking-wider text-muted"
                      >
                        {t(`menu.sections.${section.id}`)}
                      </h3>
                      <ul className="mt-2 grid grid-cols-2 gap-2">
                        {section.items.map((item) => (
                          <li key={item.id} className="flex">
                            <Destination
                              item={item}
                              badge={menuBadge(item.id, counts)}
                              onChoose={close}
                            />
                          </li>
                        ))}
                      </ul>
                    </section>
                  ))
                : null}
            </nav>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
