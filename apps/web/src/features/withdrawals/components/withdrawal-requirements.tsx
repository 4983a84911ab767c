import type { WithdrawalLimits } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../../components/ui/button";

const card = "grid gap-2 rounded-2xl border border-night-700 bg-night-850 p-4";

/** What still stands between the user and a withdrawal (spec §5): identity and wallet. */
export function WithdrawalRequirements({ limits }: { limits: WithdrawalLimits }) {
  const { t } = useTranslation("withdrawals");
  const kycApproved = limits.kycStatus === "approved";
  if (kycApproved && limits.wallet) return null;
  const kycText =
    limits.kycStatus === "pending"
      ? t("requirements.kycPending")
      : limits.kycStatus === "rejected"
        ? t("requirements.kycRejected")
        : t("requirements.kycMissing");
  return (
    <section aria-labelledby="withdrawal-requirements" className="grid gap-3">
      <h2 id="withdrawal-requirements" className="text-lg font-bold text-white">
        {t("requirements.title")}
      </h2>
      <ul className="grid gap-3">
        {kycApproved ? null : (
          <li className={card} data-testid="withdrawal-needs-kyc">
            <p className="text-sm text-slate-200">{kycText}</p>
            <ButtonLink to="/kyc" variant="secondary" className="w-fit">
              {limits.kycStatus === "pending"
                ? t("requirements.toKycStatus")
                : t("requirements.toKyc")}
            </ButtonLink>
          </li>
        )}
        {limits.wallet ? null : (
          <li className={card} data-testid="withdrawal-needs-wallet">
            <p className="text-sm text-slate-200">{t("requirements.walletMissing")}</p>
            <ButtonLink to="/wallet" variant="secondary" className="w-fit">
              {t("requirements.toWallet")}
            </ButtonLink>
          </li>
        )}
      </ul>
    </section>
  );
}
