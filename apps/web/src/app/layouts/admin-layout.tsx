import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet } from "react-router";
import { Logo } from "../../components/ui/logo";
import { ADMIN_SECTIONS, AdminAccessGate, AdminExitWatcher } from "../../features/admin";
import { SkipLink } from "./skip-link";

const tab = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-10 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap ${
    isActive ? "bg-amber-400 text-night-950" : "text-slate-200 hover:bg-night-800"
  }`;

/** The admin console: its own top bar, a section menu, and the access-code gate. */
export function AdminLayout() {
  const { t } = useTranslation("admin");
  return (
    <div className="flex min-h-dvh flex-col bg-night-950">
      <AdminExitWatcher />
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-night-700 bg-night-900/95 backdrop-blur">
        {/* At 390 px the title and the way back wrap to two lines rather than lose words. */}
        <div className="mx-auto flex min-h-14 max-w-5xl items-center justify-between gap-3 px-4 py-2">
          <p className="flex min-w-0 items-center gap-2 text-sm font-semibold leading-tight text-white sm:text-base">
            <Logo className="size-7 shrink-0" />
            <span className="min-w-0 break-words" data-testid="admin-console-title">
              {t("console")}
            </span>
          </p>
          <Link
            to="/dashboard"
            className="max-w-[45%] shrink-0 rounded-full border border-night-600 px-3 py-1.5 text-center text-xs font-medium leading-tight text-slate-100 hover:border-amber-300/70 sm:max-w-none sm:text-sm"
          >
            {t("backToApp")}
          </Link>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 focus:outline-none"
      >
        <AdminAccessGate>
          {/* Every section in sight, phone or desktop: the links wrap instead of scrolling away. */}
          <nav aria-label={t("nav.label")} className="mb-6">
            <ul className="flex flex-wrap gap-1">
              <li>
                <NavLink to="/admin" end className={tab}>
                  {t("nav.home")}
                </NavLink>
              </li>
              {ADMIN_SECTIONS.map((entry) => (
                <li key={entry.section}>
                  <NavLink to={entry.path} className={tab}>
                    {t(entry.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Outlet />
        </AdminAccessGate>
      </main>
    </div>
  );
}
