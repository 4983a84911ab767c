import type { MiningState } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { isApiError } from "../../../lib/api-client";
import { useMe } from "../../../lib/session";
import { AdSlot } from "../../ads";
import { RedeemBonusCard } from "../../bonus-codes";
import { DailyCardSlot } from "../../daily";
import { InformationPopup } from "../../messages";
import { PushOptInCard } from "../../pwa";
import { BalanceCard } from "../components/balance-card";
import { MiningPanel } from "../components/mining-panel";
import { RateCard } from "../components/rate-card";
import { useMiningQuery } from "../hooks/use-mining";

/**
 * True once the user has started a mining session: the state then always carries the newest
 * session, and a claimed one has left lifetime earnings.
 */
export function hasStartedMining(session: MiningState["session"], totalMined: string | undefined) {
  return session !== null || (totalMined !== undefined && !/^0(\.0*)?$/.test(totalMined));
}

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

/**
 * The mining screen. First-run order (decision 0016): the verification banner above (layout),
 * then the mining panel whose start button stays on a phone's first screen; what can wait comes
 * below it: the push offer (only once a first session has started), the unread-messages
 * pop-up, the rate, the balance and the bonus code.
 */
export function DashboardPage() {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const { data: me } = useMe();
  const mining = useMiningQuery();
  const title = tc("pages.dashboard");

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <PageTitle title={title}>{title}</PageTitle>
        <p className="min-w-0 truncate text-muted">
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
            {hasStartedMining(snapshot.session, me?.totalMined) ? <PushOptInCard /> : null}
          </>
        )}
      </QueryState>

      <DailyCardSlot />
      <InformationPopup />
      {mining.data ? <RateCard rate={mining.data.rate} /> : null}
      {me ? <BalanceCard balance={me.balance} totalMined={me.totalMined} /> : null}
      <RedeemBonusCard />
      <AdSlot placement="dashboard" />
    </div>
  );
}
