import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { useKyc } from "../api/use-kyc";
import { KycForm } from "../components/kyc-form";
import { KycStatusPanel } from "../components/kyc-status-panel";

/** /kyc: the form while nothing is submitted, then where the request stands. */
export function KycPage() {
  const { t } = useTranslation("kyc");
  const { t: tc } = useTranslation();
  const kyc = useKyc();
  const [restarting, setRestarting] = useState(false);
  // Set once this page submitted the request: its status card then takes the focus.
  const [submitted, setSubmitted] = useState(false);
  const title = tc("pages.kyc");
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <p className="text-sm text-slate-300">{t("intro")}</p>
      <QueryState query={kyc}>
        {(state) => {
          // A rejected request, or an approved one when a new check is needed, opens the form
          // again on the user's click.
          const reopenable =
            state.status === "rejected" || (state.status === "approved" && state.recheckRequired);
          const showForm =
            state.status === "none" || state.status === "draft" || (reopenable && restarting);
          return showForm ? (
            <>
              {state.recheckRequired ? (
                <Alert tone="info">{t("status.recheckNotice")}</Alert>
              ) : null}
              {state.rejectionReason ? (
                <Alert tone="info">
                  {t("status.previousReason", { reason: state.rejectionReason })}
                </Alert>
              ) : null}
              <KycForm state={state} onSubmitted={() => setSubmitted(true)} />
            </>
          ) : (
            <KycStatusPanel
              state={state}
              focusOnShow={submitted}
              onRestart={() => {
                setSubmitted(false);
                setRestarting(true);
              }}
            />
          );
        }}
      </QueryState>
    </div>
  );
}
