import type { DailyState } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { type DayStatus, dayStatuses } from "../daily-values";

const styles: Record<DayStatus, string> = {
  claimed: "border-emerald-400/40 bg-emerald-400/10 text-emerald-100",
  today: "border-amber-300 bg-amber-300/15 text-amber-100 motion-safe:animate-pulse",
  next: "border-night-600 bg-night-800 text-slate-100",
  upcoming: "border-night-700 bg-night-850 text-slate-300",
};

/** The cycle's seven days: what each gives, which are claimed, which is today's. */
export function DailyTrack({ state }: { state: DailyState }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  const statuses = dayStatuses(state);
  return (
    <ol className="grid grid-cols-4 gap-2 sm:grid-cols-7" data-testid="daily-track">
      {state.rewards.map((reward, index) => {
        const day = index + 1;
        const status = statuses[index] ?? "upcoming";
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the seven days are fixed positions
            key={index}
            data-status={status}
            className={`grid gap-0.5 rounded-xl border p-2 text-center ${styles[status]} ${
              day === 7 ? "col-span-2 sm:col-span-1" : ""
            }`}
          >
            <span className="text-xs font-semibold">{t("daily.track.day", { day })}</span>
            <span className="text-sm font-bold tabular-nums">
              {formatFreSafe(reward, language, "exact")}
            </span>
            <span className="text-xs">{t(`daily.track.status.${status}`)}</span>
            {day === 7 && state.boostPercent > 0 ? (
              <span className="text-xs text-amber-200">
                {t("daily.track.boost", { percent: state.boostPercent })}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
