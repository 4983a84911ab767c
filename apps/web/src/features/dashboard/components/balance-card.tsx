import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";

/** Spendable balance and lifetime total, with the way to the wallet. */
export function BalanceCard({ balance, totalMined }: { balance: string; totalMined: string }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  const format = (amount: string) => formatFreSafe(amount, language, { maxFractionDigits: 6 });
  return (
    <Link
      to="/wallet"
      className="group grid grid-cols-2 gap-4 rounded-3xl border border-night-700 bg-night-850 p-5 transition-colors hover:border-amber-300/50"
    >
      <div>
        <p className="text-sm text-muted">{t("mining.balance")}</p>
        <p className="mt-1 text-lg font-bold tabular-nums text-white">
          {format(balance)} <span className="text-sm font-semibold text-muted">FRE</span>
        </p>
      </div>
      <div>
        <p className="text-sm text-muted">{t("mining.totalMined")}</p>
        <p className="mt-1 text-lg font-bold tabular-nums text-white">
          {format(totalMined)} <span className="text-sm font-semibold text-muted">FRE</span>
        </p>
      </div>
      <p className="col-span-2 flex items-center gap-1.5 text-sm font-semibold text-amber-200">
        {t("mining.openWallet")}
        <span aria-hidden="true" className="transition-transform group-hover:translate-x-0.5">
          →
        </span>
      </p>
    </Link>
  );
}
