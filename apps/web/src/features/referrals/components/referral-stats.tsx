import { MAX_COUNTED_REFERRALS, type Referrals } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";

function Stat({
  label,
  value,
  accent = false,
}: {
  label: string;
  value: string;
  accent?: boolean;
}) {
  return (
    <div className="min-w-0 flex-[1_1_8rem] rounded-2xl border border-night-700 bg-night-850 p-3 text-center">
      <dt className="text-xs text-muted">{label}</dt>
      <dd
        className={`mt-1 text-lg font-bold tabular-nums ${accent ? "text-amber-200" : "text-white"}`}
      >
        {value}
      </dd>
    </div>
  );
}

export function ReferralStats({ referrals }: { referrals: Referrals }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  return (
    // Three in a row where their labels fit on a line, else two and the bonus below them.
    <dl className="flex flex-wrap gap-2">
      <Stat label={t("group.stats.active")} value={String(referrals.activeCount)} />
      <Stat
        label={t("group.stats.counted")}
        value={`${referrals.countedCount}/${MAX_COUNTED_REFERRALS}`}
      />
      <Stat
        label={t("group.stats.bonus")}
        value={formatFreSafe(referrals.bonusPerHour, language, "rate", { signed: true })}
        accent
      />
    </dl>
  );
}
