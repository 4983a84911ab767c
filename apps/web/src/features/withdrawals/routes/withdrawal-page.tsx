import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { TonPriceNote } from "../../ton";
import { useMyWithdrawals } from "../api/use-withdrawals";
import { WithdrawalForm } from "../components/withdrawal-form";
import { WithdrawalList } from "../components/withdrawal-list";
import { WithdrawalRequirements } from "../components/withdrawal-requirements";
import { canWithdraw } from "../withdrawal-amount";

/** /withdrawal: what is missing, the amount form, and every request with where it stands. */
export function WithdrawalPage() {
  const { t } = useTranslation("withdrawals");
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const withdrawals = useMyWithdrawals();
  const title = tc("pages.withdrawal");
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <p className="text-sm text-slate-300">{t("intro")}</p>
      <TonPriceNote />
      <QueryState query={withdrawals}>
        {({ items, limits }) => {
          const ready = limits.kycStatus === "approved" && limits.wallet !== null;
          return (
            <>
              <WithdrawalRequirements limits={limits} />
              {!ready ? null : !limits.available ? (
                <Alert tone="info">{t("form.unavailable")}</Alert>
              ) : limits.hasActiveWithdrawal ? (
                <Alert tone="info">{t("form.oneAtATime")}</Alert>
              ) : canWithdraw(limits) ? (
                <WithdrawalForm limits={limits} />
              ) : (
                <Alert tone="info">
                  {t("form.notEnough", {
                    minimum: formatFreSafe(limits.minimum, language, "balance"),
                    balance: formatFreSafe(limits.balance, language, "balance"),
                  })}
                </Alert>
              )}
              <WithdrawalList items={items} />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
