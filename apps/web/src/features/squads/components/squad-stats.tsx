import { useTranslation } from "react-i18next";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";

/** Rank, FRE mined this week and members, side by side. */
export function SquadStats({
  rank,
  mined,
  members,
}: {
  rank: number | null;
  mined: string;
  members: number;
}) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const { language } = useLanguage();
  const stats = [
    {
      id: "rank",
      label: t("stats.rank"),
      value: rank === null ? t("stats.unranked") : t("board.rank", { rank }),
    },
    {
      id: "mined",
      label: t("stats.mined"),
      value: t("fre", { amount: formatFreSafe(mined, language, "balance") }),
    },
    { id: "members", label: t("stats.members"), value: String(members) },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {stats.map((stat) => (
        <div
          key={stat.id}
          className="rounded-xl border border-night-700 bg-night-900 p-3 text-center"
          data-testid={`squad-stat-${stat.id}`}
        >
          <dt className="text-xs text-muted">{stat.label}</dt>
          <dd className="mt-1 break-all font-bold tabular-nums text-amber-200">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
