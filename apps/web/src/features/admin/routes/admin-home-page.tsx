import { ADMIN_PENDING_POLL_MS } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { PageTitle } from "../../../components/ui/page-title";
import { useDropElevationOn } from "../../../lib/admin-access";
import { formatNumber } from "../../../lib/format";
import { formatFre } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { ADMIN_GROUPS, ADMIN_SECTIONS } from "../admin-sections";
import { adminStatsQuery } from "../api/admin-stats-api";
import { useAdminSummary } from "../hooks/use-admin-queries";

function Count({
  label,
  value,
  text,
  testId,
  to,
  linkLabel,
}: {
  label: string;
  value?: number;
  /** Shown instead of `value` (an amount already formatted). */
  text?: string;
  testId: string;
  /** The screen that handles these requests, when it exists. */
  to?: string;
  linkLabel?: string;
}) {
  const { language } = useLanguage();
  return (
    <div className="grid gap-1 rounded-2xl border border-night-700 bg-night-850 p-5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd
        data-testid={testId}
        className={`font-bold tabular-nums text-amber-200 ${text ? "text-2xl wrap-anywhere" : "text-3xl"}`}
      >
        {text ?? (value === undefined ? "—" : formatNumber(value, language))}
      </dd>
      {to && linkLabel ? (
        <dd>
          <Link
            to={to}
            className="inline-flex min-h-10 items-center gap-1 text-sm font-semibold text-amber-200 underline-offset-4 hover:underline"
          >
            {linkLabel} <span aria-hidden="true">→</span>
          </Link>
        </dd>
      ) : null}
    </div>
  );
}

/** The day's key figures, from the statistics (refreshed with the pending counts). */
function TodayFigures() {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const stats = useQuery({ ...adminStatsQuery(), refetchInterval: ADMIN_PENDING_POLL_MS });
  useDropElevationOn(stats.error);
  const data = stats.data;
  return (
    <section aria-labelledby="today-title" className="grid gap-3">
      <h2 id="today-title" className="text-lg font-semibold text-white">
        {t("home.todayTitle")}
      </h2>
      {stats.isError && !data ? <Alert tone="error">{stats.error.message}</Alert> : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={stats.isPending}>
        <Count
          label={t("home.newUsersToday")}
          value={data?.newUsersToday}
          testId="admin-today-new-users"
        />
        <Count
          label={t("home.mined24h")}
          text={
            data
              ? t("stats.fre", { amount: formatFre(data.totalMined24h, language, "balance") })
              : undefined
          }
          testId="admin-today-mined"
        />
        <Count
          label={t("home.activeMiners24h")}
          value={data?.activeMiners24h}
          testId="admin-today-active-miners"
        />
        <Count
          label={t("home.activeSessions")}
          value={data?.totalActiveSessions}
          testId="admin-today-active-sessions"
          to="/admin/stats"
          linkLabel={t("home.statsLink")}
        />
      </dl>
      <p className="text-xs text-muted">{t("home.todayNote")}</p>
    </section>
  );
}

export function AdminHomePage() {
  const { t } = useTranslation("admin");
  const summary = useAdminSummary();
  return (
    <div className="grid gap-6">
      <PageTitle title={t("home.title")}>{t("home.title")}</PageTitle>
      <section aria-labelledby="pending-title" className="grid gap-3">
        <h2 id="pending-title" className="text-lg font-semibold text-white">
          {t("home.pendingTitle")}
        </h2>
        {summary.isError ? <Alert tone="error">{summary.error.message}</Alert> : null}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy={summary.isPending}>
          <Count
            label={t("home.pendingKyc")}
            value={summary.data?.pendingKyc}
            testId="admin-pending-kyc"
          />
          <Count
            label={t("home.pendingWithdrawals")}
            value={summary.data?.pendingWithdrawals}
            testId="admin-pending-withdrawals"
          />
          <Count
            label={t("home.openSupport")}
            value={summary.data?.openSupportTickets}
            testId="admin-open-support"
            to="/admin/support"
            linkLabel={t("home.openSupportLink")}
          />
        </dl>
        <p className="text-xs text-muted">{t("home.refreshNote")}</p>
      </section>
      <TodayFigures />
      <nav aria-labelledby="sections-title" className="grid gap-3">
        <h2 id="sections-title" className="text-lg font-semibold text-white">
          {t("home.sections")}
        </h2>
        {ADMIN_GROUPS.map((group) => (
          <div key={group} className="grid gap-2">
            <h3 className="text-sm font-semibold text-amber-200">{t(`groups.${group}`)}</h3>
            <ul className="grid gap-2 sm:grid-cols-2">
              {ADMIN_SECTIONS.filter((entry) => entry.group === group).map((entry) => (
                <li key={entry.section}>
                  <Link
                    to={entry.path}
                    className="flex min-h-12 items-center justify-between rounded-xl border border-night-700 bg-night-850 px-4 font-medium text-slate-100 hover:border-amber-300/60"
                  >
                    {t(entry.labelKey)}
                    <span aria-hidden="true" className="text-amber-200">
                      →
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
