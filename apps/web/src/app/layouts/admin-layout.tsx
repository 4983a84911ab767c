import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { Logo } from "../../components/ui/logo";
import {
  AdminAccessGate,
  AdminExitWatcher,
  AdminPhoneMenu,
  AdminSidebar,
  AdminUserSearch,
  useAdminAccess,
} from "../../features/admin";
import { SkipLink } from "./skip-link";

/**
 * The admin console: its own top bar (the user search, and on phones the menu naming the current
 * section), the grouped menu beside the screen on wide screens, and the access-code gate.
 */
export function AdminLayout() {
  const { t } = useTranslation("admin");
  const elevated = useAdminAccess().data?.elevated === true;
  return (
    <div className="flex min-h-dvh flex-col bg-night-950">
      <AdminExitWatcher />
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-night-700 bg-night-900/95 backdrop-blur">
        {/* At 390 px: the menu, the logo and the way back on one line, the search under them. */}
        <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2">
          {elevated ? <AdminPhoneMenu /> : null}
          <p className="flex min-w-0 flex-1 items-center gap-2 text-sm font-semibold leading-tight text-white sm:text-base">
            <Logo className="size-7 shrink-0" />
            <span
              className={`min-w-0 break-words ${elevated ? "sr-only sm:not-sr-only" : ""}`}
              data-testid="admin-console-title"
            >
              {t("console")}
            </span>
          </p>
          {elevated ? (
            <div className="order-last w-full lg:order-none lg:w-96">
              <AdminUserSearch />
            </div>
          ) : null}
          <Link
            to="/dashboard"
            className="max-w-[45%] shrink-0 rounded-full border border-night-600 px-3 py-1.5 text-center text-xs font-medium leading-tight text-slate-100 hover:border-amber-300/70 sm:max-w-none sm:text-sm"
          >
            {t("backToApp")}
          </Link>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-6 px-4">
        {elevated ? <AdminSidebar /> : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 py-6 focus:outline-none">
          <AdminAccessGate>
            <Outlet />
          </AdminAccessGate>
        </main>
      </div>
    </div>
  );
}
