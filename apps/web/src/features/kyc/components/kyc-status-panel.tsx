import type { KycState } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Button, ButtonLink } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";

const panel = "grid gap-3 rounded-2xl border p-5";

/** Where a submitted request stands (spec §4): under review, approved, or rejected. */
export function KycStatusPanel({ state, onRestart }: { state: KycState; onRestart: () => void }) {
  const { t } = useTranslation("kyc");
  const { language } = useLanguage();
  if (state.status === "pending") {
    return (
      <section
        className={`${panel} border-sky-400/40 bg-sky-500/10`}
        data-testid="kyc-status-pending"
        aria-labelledby="kyc-status-title"
      >
        <h2 id="kyc-status-title" className="text-lg font-bold text-white">
          {t("status.pendingTitle")}
        </h2>
        <p className="text-sm text-sky-100">{t("status.pendingText")}</p>
        {state.submittedAt ? (
          <p className="text-sm text-slate-300">
            {t("status.submittedAt", { date: formatDateTime(state.submittedAt, language) })}
          </p>
        ) : null}
      </section>
    );
  }
  if (state.status === "approved") {
    return (
      <section
        className={`${panel} border-emerald-400/50 bg-emerald-500/10`}
        data-testid="kyc-status-approved"
        aria-labelledby="kyc-status-title"
      >
        <h2 id="kyc-status-title" className="text-lg font-bold text-white">
          {t("status.approvedTitle")}
        </h2>
        <p className="text-sm text-emerald-100">{t("status.approvedText")}</p>
        {state.reviewedAt ? (
          <p className="text-sm text-slate-300">
            {t("status.reviewedAt", { date: formatDateTime(state.reviewedAt, language) })}
          </p>
        ) : null}
        <ButtonLink to="/withdrawal" className="w-fit">
          {t("status.toWithdrawal")}
        </ButtonLink>
      </section>
    );
  }
  return (
    <section
      className={`${panel} border-rose-400/50 bg-rose-500/10`}
      data-testid="kyc-status-rejected"
      aria-labelledby="kyc-status-title"
    >
      <h2 id="kyc-status-title" className="text-lg font-bold text-white">
        {t("status.rejectedTitle")}
      </h2>
      <p className="text-sm text-rose-100">{t("status.rejectedText")}</p>
      {state.rejectionReason ? (
        <blockquote
          className="rounded-xl border border-rose-400/30 bg-night-900 px-4 py-3 text-sm text-slate-100"
          data-testid="kyc-rejection-reason"
        >
          <span className="block text-xs text-muted">{t("status.reason")}</span>
          {state.rejectionReason}
        </blockquote>
      ) : null}
      {state.reviewedAt ? (
        <p className="text-sm text-slate-300">
          {t("status.reviewedAt", { date: formatDateTime(state.reviewedAt, language) })}
        </p>
      ) : null}
      <Button onClick={onRestart} className="w-fit">
        {t("status.restart")}
      </Button>
    </section>
  );
}
