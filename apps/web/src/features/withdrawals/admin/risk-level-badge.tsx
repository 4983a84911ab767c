import type { AdminWithdrawal } from "@fre/shared";
import { useTranslation } from "react-i18next";

type FlaggedLevel = NonNullable<AdminWithdrawal["riskLevel"]>;

const tones: Record<FlaggedLevel, string> = {
  high: "bg-rose-400/15 text-rose-200",
  medium: "bg-amber-300/15 text-amber-200",
};

/**
 * The account's bot-farm risk level (decision 0045), for the admin only: "Risque élevé" or
 * "Risque moyen"; nothing for a low or unscored account.
 */
export function RiskLevelBadge({ level }: { level: AdminWithdrawal["riskLevel"] }) {
  const { t } = useTranslation("withdrawals");
  if (!level) return null;
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[level]}`}
      data-testid="admin-withdrawal-risk"
      data-level={level}
    >
      {t(`admin.riskLevel.${level}`)}
    </span>
  );
}
