import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { RedeemBonusCard } from "../../bonus-codes";
import { TonWalletCard } from "../../ton";
import { BonusHistory, LevelValidations } from "../components/bonus-sections";
import { LedgerList } from "../components/ledger-list";
import { useWallet } from "../hooks/use-wallet";

export function WalletPage() {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const wallet = useWallet();
  const title = tc("pages.wallet");

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <QueryState query={wallet} error={t("wallet.loadFailed")}>
        {(data) => (
          <>
            <section
              aria-labelledby="balance-title"
              className="relative overflow-hidden rounded-3xl border border-amber-300/30 bg-gradient-to-br from-amber-400/20 via-night-850 to-night-850 p-5"
            >
              <h2
                id="balance-title"
                className="text-sm font-semibold uppercase tracking-wider text-amber-300"
              >
                {t("wallet.balance")}
              </h2>
              <p className="mt-2 break-all text-4xl font-extrabold tabular-nums tracking-tight text-white">
                <span data-testid="wallet-balance" data-value={data.balance}>
                  {formatFreSafe(data.balance, language, "balance")}
                </span>{" "}
                <span className="text-lg font-bold text-amber-200">FRE</span>
              </p>
              <dl className="mt-5 grid grid-cols-2 gap-3 border-t border-white/10 pt-4">
                <div>
                  <dt className="text-xs text-muted">{t("wallet.totalMined")}</dt>
                  <dd className="font-semibold tabular-nums text-slate-100">
                    {formatFreSafe(data.totalMined, language, "balance")} FRE
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("wallet.rate")}</dt>
                  <dd className="font-semibold tabular-nums text-slate-100">
                    {formatFreSafe(data.miningRate, language, "rate")} {t("mining.rate.unit")}
                  </dd>
                </div>
              </dl>
            </section>
            <RedeemBonusCard />
            <TonWalletCard />
            <LedgerList />
            <BonusHistory entries={data.bonusHistory} />
            <LevelValidations entries={data.levelValidations} />
          </>
        )}
      </QueryState>
    </div>
  );
}
