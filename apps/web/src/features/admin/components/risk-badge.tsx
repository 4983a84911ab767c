import type { AdminUserRow } from "@fre/shared";
import { useTranslation } from "react-i18next";

const tone = {
  medium: "bg-amber-300/15 text-amber-100",
  high: "bg-rose-400/15 text-rose-100",
} as const;

/**
 * The last nightly score of a medium or high account, its level in words (the colour only
 * repeats it). A low or never scored account shows nothing.
 */
export function RiskBadge({ risk }: { risk: AdminUserRow["risk"] }) {
  const { t } = useTranslation("admin");
  if (!risk || risk.level === "low") return null;
  return (
    <span
      data-testid="admin-user-risk"
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[risk.level]}`}
    >
      {t(`risk.badge.${risk.level}`, { score: risk.score })}
    </span>
  );
}
