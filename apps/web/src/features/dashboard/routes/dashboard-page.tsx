import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { isApiError } from "../../../lib/api-client";
import { useMe } from "../../../lib/session";
import { RedeemBonusCard } from "../../bonus-codes";
import { BalanceCard } from "../components/balance-card";
import { MiningPanel } from "../components/mining-panel";
import { RateCard } from "../components/rate-card";
import { useMiningQuery } from "../hooks/use-mining";

function PanelSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid gap-5 rounded-3xl border border-night-700 bg-night-850 p-5">
      <span className="sr-only">{t("status.loading")}</span>
      <div aria-hidden="true" className="h-5 w-32 animate-pulse rounded bg-night-700" />
      <div
        aria-hidden="true"
        className="mx-auto aspect-square w-full max-w-[18rem] animate-pulse rounded-full border-[14px] border-night-700"
      />
      <div aria-hidden="true" className="h-12 animate-pulse rounded-xl bg-night-700" />
    </div>
  );
}

export function DashboardPage() {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const { data: me } = useMe();
  const mining = useMiningQuery();
  const title = tc("pages.dashboard");

  return (
    <div className="grid grid-cols-1 gap-5">
      <div>
        <PageTitle title={title}>{title}</PageTitle>
        <p className="mt-1 text-muted">
          {t("dashboard.welcome", { nickname: me?.nickname ?? "" })}
        </p>
      </div>

      <QueryState
        query={mining}
        error={(error) => (
          <>
            {t("mining.loadFailed")} {isApiError(error) ? error.message : null}
          </>
        )}
        loading={<PanelSkeleton />}
      >
        {(snapshot) => (
          <>
            <MiningPanel snapshot={snapshot} emailVerified={me?.emailVerified ?? false} />
            {mining.isRefetchError ? <Alert tone="info">{t("mining.staleNotice")}</Alert> : null}
            <RateCard rate={snapshot.rate} />
          </>
        )}
      </QueryState>

      {me ? <BalanceCard balance={me.balance} totalMined={me.totalMined} /> : null}
      <RedeemBonusCard />
    </div>
  );
}
