import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { PageLoader } from "../../../components/ui/spinner";
import { ReferralList } from "../components/referral-list";
import { ReferralStats } from "../components/referral-stats";
import { SetReferrerForm } from "../components/set-referrer-form";
import { ShareCard } from "../components/share-card";
import { useReferrals } from "../hooks/use-referrals";

export function GroupPage() {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const referrals = useReferrals();
  const [referrerSet, setReferrerSet] = useState(false);
  const title = tc("pages.group");

  return (
    <div className="grid grid-cols-1 gap-5">
      <div>
        <PageTitle title={title}>{title}</PageTitle>
        <p className="mt-1 text-muted">{t("group.subtitle")}</p>
      </div>
      {referrals.data ? (
        <>
          <ShareCard code={referrals.data.code} link={referrals.data.link} />
          <ReferralStats referrals={referrals.data} />
          <section aria-labelledby="referrals-title" className="grid gap-3">
            <h2 id="referrals-title" className="text-lg font-semibold text-white">
              {t("group.listTitle", { total: referrals.data.total })}
            </h2>
            <ReferralList referrals={referrals.data.referrals} />
          </section>
          {referrerSet ? <Alert tone="success">{t("group.referrer.success")}</Alert> : null}
          {referrals.data.hasReferrer ? null : (
            <SetReferrerForm onDone={() => setReferrerSet(true)} />
          )}
        </>
      ) : referrals.isError ? (
        <div className="grid gap-3">
          <Alert tone="error">{t("group.loadFailed")}</Alert>
          <Button variant="secondary" className="w-fit" onClick={() => void referrals.refetch()}>
            {tc("errors.retry")}
          </Button>
        </div>
      ) : (
        <PageLoader />
      )}
    </div>
  );
}
