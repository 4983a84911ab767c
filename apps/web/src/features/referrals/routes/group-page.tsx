import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { FeatureGuard } from "../../platform-status";
import { CircleNotice } from "../components/circle-notice";
import { ReferralList } from "../components/referral-list";
import { ReferralStats } from "../components/referral-stats";
import { SetReferrerForm } from "../components/set-referrer-form";
import { ShareCard } from "../components/share-card";
import { useReferrals } from "../hooks/use-referrals";

/** Says « temporairement indisponible » while the referral system is switched off. */
export function GroupPage() {
  return (
    <FeatureGuard feature="referrals">
      <GroupScreen />
    </FeatureGuard>
  );
}

function GroupScreen() {
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
      <QueryState query={referrals} error={t("group.loadFailed")}>
        {(data) => (
          <>
            <ShareCard code={data.code} link={data.link} />
            <ReferralStats referrals={data} />
            <CircleNotice referrals={data} />
            <section aria-labelledby="referrals-title" className="grid gap-3">
              <h2 id="referrals-title" className="text-lg font-semibold text-white">
                {t("group.listTitle", { total: data.total })}
              </h2>
              <ReferralList referrals={data.referrals} />
            </section>
            {referrerSet ? <Alert tone="success">{t("group.referrer.success")}</Alert> : null}
            {data.hasReferrer ? null : <SetReferrerForm onDone={() => setReferrerSet(true)} />}
          </>
        )}
      </QueryState>
    </div>
  );
}
