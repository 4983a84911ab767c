import type { AdminSummary } from "@fre/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { formatNumber } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import { ADMIN_GROUPS, ADMIN_SECTIONS, type AdminSection } from "../admin-sections";
import { useAdminSummary } from "../hooks/use-admin-queries";

/** The sections whose waiting work shows as a badge, from the home page's counts. */
const BADGES: Partial<Record<AdminSection, keyof AdminSummary>> = {
  kyc: "pendingKyc",
  withdrawals: "pendingWithdrawals",
  support: "openSupportTickets",
  users: "pendingRoleGrants",
};

/** The section a path belongs to (a user's page is under Users); undefined on the home page. */
export function sectionOfPath(pathname: string): (typeof ADMIN_SECTIONS)[number] | undefined {
  return ADMIN_SECTIONS.find(
    (entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`),
  );
}

function usePendingCounts() {
  const summary = useAdminSummary().data;
  return (section: AdminSection) => {
    const field = BADGES[section];
    return field && summary ? summary[field] : 0;
  };
}

function Badge({ count, testId }: { count: number; testId: string }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  if (count <= 0) return null;
  return (
    <span
      data-testid={testId}
      className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-amber-400 px-1.5 text-xs font-bold tabular-nums text-night-950"
    >
      <span aria-hidden="true">{formatNumber(count, language)}</span>
      <span className="sr-only">{t("nav.pending", { count })}</span>
    </span>
  );
}

const item = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-amber-300 ${
    isActive ? "bg-amber-400 text-night-950" : "text-slate-200 hover:bg-night-800"
  }`;

/** Every section under its group's heading, each with its pending count. */
function AdminNavList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("admin");
  const pending = usePendingCounts();
  return (
    <div className="grid gap-4">
      <NavLink to="/admin" end className={item} onClick={onNavigate}>
        {t("nav.home")}
      </NavLink>
      {ADMIN_GROUPS.map((group) => (
        <section key={group} aria-labelledby={`admin-group-${group}`} className="grid gap-1">
          <h2
            id={`admin-group-${group}`}
            className="px-3 text-xs font-semibold tracking-wide text-amber-200 uppercase"
          >
            {t(`groups.${group}`)}
          </h2>
          <ul className="grid gap-0.5">
            {ADMIN_SECTIONS.filter((entry) => entry.group === group).map((entry) => (
              <li key={entry.section}>
                <NavLink to={entry.path} className={item} onClick={onNavigate}>
                  {t(entry.labelKey)}
                  <Badge
                    count={pending(entry.section)}
                    testId={`admin-nav-badge-${entry.section}`}
                  />
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Wide screens: the whole menu beside the screen, always in sight. */
export function AdminSidebar() {
  const { t } = useTranslation("admin");
  return (
    <nav
      aria-label={t("nav.label")}
      data-testid="admin-sidebar"
      className="sticky top-20 hidden max-h-[calc(100dvh-6rem)] w-60 shrink-0 overflow-y-auto py-6 lg:block"
    >
      <AdminNavList />
    </nav>
  );
}

/**
 * Phones: one button naming the current section (and the total waiting), opening the grouped
 * menu under the header — any screen is two taps away.
 */
export function AdminPhoneMenu() {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  const pending = usePendingCounts();
  const [open, setOpen] = useState(false);
  const current = sectionOfPath(pathname);
  const total = ADMIN_SECTIONS.reduce((sum, entry) => sum + pending(entry.section), 0);
  return (
    <div className="lg:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="admin-phone-menu"
        data-testid="admin-menu-button"
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-10 max-w-full items-center gap-2 rounded-full border border-night-600 px-3 text-sm font-medium text-white hover:border-amber-300/70 focus-visible:outline-2 focus-visible:outline-amber-300"
      >
        <span aria-hidden="true">{open ? "✕" : "☰"}</span>
        <span className="sr-only">{t("nav.menu")}</span>
        <span data-testid="admin-current-section" className="truncate">
          {current ? t(current.labelKey) : t("nav.home")}
        </span>
        <Badge count={total} testId="admin-menu-badge" />
      </button>
      <nav
        id="admin-phone-menu"
        aria-label={t("nav.label")}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-7rem)] overflow-y-auto border-b border-night-700 bg-night-900 px-4 py-4 shadow-xl"
      >
        <AdminNavList onNavigate={() => setOpen(false)} />
      </nav>
    </div>
  );
}
