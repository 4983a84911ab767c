import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { PageTitle } from "../../../components/ui/page-title";
import { formatNumber } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import { ADMIN_SECTIONS } from "../admin-sections";
import { useAdminSummary } from "../hooks/use-admin-queries";

function Count({
  label,
  value,
  testId,
  to,
  linkLabel,
}: {
  label: string;
  value: number | undefined;
  testId: string;
  /** The screen that handles these requests, when it exists. */
  to?: string;
  linkLabel?: string;
}) {
  const { language } = useLanguage();
  return (
    <div className="grid gap-1 rounded-2xl border border-night-700 bg-night-850 p-5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd data-testid={testId} className="text-3xl font-bold tabular-nums text-amber-200">
        {value === undefined ? "—" : formatNumber(value, language)}
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
      <nav aria-labelledby="sections-title" className="grid gap-3">
        <h2 id="sections-title" className="text-lg font-semibold text-white">
          {t("home.sections")}
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {ADMIN_SECTIONS.map((entry) => (
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
      </nav>
    </div>
  );
}
