import type { Wallet } from "@fre/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { isKnownBonusType, reductionHours } from "../ledger-labels";

function Block({
  id,
  title,
  empty,
  testId,
  count,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  testId?: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} data-testid={testId} data-count={count} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {empty ? (
        <p className="rounded-2xl border border-dashed border-night-600 px-5 py-6 text-center text-sm text-muted">
          {empty}
        </p>
      ) : (
        <ul className="divide-y divide-night-700 overflow-hidden rounded-2xl border border-night-700 bg-night-850">
          {children}
        </ul>
      )}
    </section>
  );
}

function Line({
  title,
  when,
  value,
  type,
}: {
  title: string;
  when: string;
  value: string;
  type?: string;
}) {
  const { language } = useLanguage();
  return (
    <li data-type={type} className="flex items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-100">{title}</p>
        <p className="text-xs text-muted">
          <time dateTime={when}>{formatDateTime(when, language)}</time>
        </p>
      </div>
      <p className="text-right font-semibold tabular-nums text-amber-100">{value}</p>
    </li>
  );
}

export function BonusHistory({ entries }: { entries: Wallet["bonusHistory"] }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  const value = (entry: Wallet["bonusHistory"][number]) => {
    if (entry.type === "time_reduction") {
      const hours = reductionHours(entry.value);
      return hours === null ? entry.value : t("wallet.bonus.hoursLess", { hours });
    }
    const amount = `+${formatFreSafe(entry.value, language, entry.type === "boost" ? "rate" : "balance")}`;
    if (entry.type === "boost") {
      return entry.duration
        ? t("wallet.bonus.boostFor", { amount, hours: entry.duration })
        : `${amount} ${t("mining.rate.unit")}`;
    }
    return `${amount} FRE`;
  };
  return (
    <Block
      id="bonus-title"
      title={t("wallet.bonus.title")}
      empty={entries.length === 0 ? t("wallet.bonus.empty") : null}
      testId="bonus-history"
      count={entries.length}
    >
      {entries.map((entry) => (
        <Line
          key={entry.id}
          type={entry.type}
          title={`${isKnownBonusType(entry.type) ? t(`wallet.bonus.types.${entry.type}`) : entry.type} · ${entry.code}`}
          when={entry.timestamp}
          value={value(entry)}
        />
      ))}
    </Block>
  );
}

export function LevelValidations({ entries }: { entries: Wallet["levelValidations"] }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  return (
    <Block
      id="levels-title"
      title={t("wallet.levels.title")}
      empty={entries.length === 0 ? t("wallet.levels.empty") : null}
      count={entries.length}
    >
      {entries.map((entry) => (
        <Line
          key={entry.level}
          title={t("wallet.levels.level", { level: entry.level })}
          when={entry.validatedAt}
          value={`+${formatFreSafe(entry.reward, language, "rate")} ${t("mining.rate.unit")}`}
        />
      ))}
    </Block>
  );
}
