import type { AdminStats, AdminStatsMetric } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { useDropElevationOn } from "../../../lib/admin-access";
import { formatDateTime, formatDecimal, formatDuration, formatNumber } from "../../../lib/format";
import { formatFre } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { adminStatsQuery, adminStatsSeriesQuery } from "../api/admin-stats-api";
import { StatsChart } from "../components/stats-chart";

const RANGES = [7, 30, 90] as const;
type Range = (typeof RANGES)[number];

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="grid content-start gap-1 rounded-xl bg-night-900/60 p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd
        data-testid={testId}
        className="text-xl font-bold tabular-nums text-amber-200 wrap-anywhere"
      >
        {value}
      </dd>
    </div>
  );
}

function Card({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-3 rounded-2xl border border-night-700 bg-night-850 p-4">
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      {note ? <p className="text-xs text-muted">{note}</p> : null}
      <dl className="grid grid-cols-2 gap-2">{children}</dl>
    </section>
  );
}

function Figures({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation("admin");
  const { t: tApp } = useTranslation("app");
  const { language } = useLanguage();
  const freText = (amount: string) =>
    t("stats.fre", { amount: formatFre(amount, language, "balance") });
  const rate = (amount: string) => t("stats.rate", { amount: formatFre(amount, language, "rate") });
  const count = (value: number) => formatNumber(value, language);
  const edge = stats.games.houseEdge;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card title={t("stats.mined.title")}>
        <Figure
          label={t("stats.mined.allTime")}
          value={freText(stats.totalMinedAllTime)}
          testId="stats-mined-all-time"
        />
        <Figure label={t("stats.mined.day")} value={freText(stats.totalMined24h)} />
        <Figure label={t("stats.mined.week")} value={freText(stats.totalMinedWeek)} />
        <Figure label={t("stats.mined.month")} value={freText(stats.totalMinedMonth)} />
        <Figure label={t("stats.mined.quarter")} value={freText(stats.totalMined3Months)} />
        <Figure label={t("stats.mined.year")} value={freText(stats.totalMinedYear)} />
      </Card>
      <Card title={t("stats.miners.title")}>
        <Figure
          label={t("stats.miners.day")}
          value={count(stats.activeMiners24h)}
          testId="stats-active-miners-24h"
        />
        <Figure label={t("stats.miners.week")} value={count(stats.activeMinersWeek)} />
        <Figure label={t("stats.miners.month")} value={count(stats.activeMinersMonth)} />
        <Figure label={t("stats.miners.averageRate")} value={rate(stats.averageMiningRate)} />
        <Figure label={t("stats.miners.peakRate")} value={rate(stats.peakMiningRate)} />
      </Card>
      <Card title={t("stats.people.title")}>
        <Figure
          label={t("stats.people.users")}
          value={count(stats.totalUsers)}
          testId="stats-total-users"
        />
        <Figure label={t("stats.people.newToday")} value={count(stats.newUsersToday)} />
        <Figure label={t("stats.people.activeSessions")} value={count(stats.totalActiveSessions)} />
        <Figure
          label={t("stats.people.completedSessions")}
          value={count(stats.totalCompletedSessions)}
        />
        <Figure
          label={t("stats.people.averageDuration")}
          value={formatDuration(stats.averageSessionDurationMs, tApp)}
        />
      </Card>
      <Card title={t("stats.bonuses.title")} note={t("stats.bonuses.note")}>
        <Figure label={t("stats.bonuses.referral")} value={rate(stats.totalReferralBonus)} />
        <Figure label={t("stats.bonuses.level")} value={rate(stats.totalLevelBonus)} />
        <Figure label={t("stats.bonuses.temporary")} value={rate(stats.totalTemporaryBonus)} />
        <Figure label={t("stats.bonuses.codes")} value={freText(stats.bonusCodeCredits)} />
      </Card>
      <Card title={t("stats.shop.title")}>
        <Figure
          label={t("stats.shop.revenue")}
          value={t("stats.ton", { amount: formatFre(stats.shop.revenueTon, language, "balance") })}
          testId="stats-shop-revenue"
        />
        <Figure label={t("stats.shop.paidOrders")} value={count(stats.shop.paidOrders)} />
      </Card>
      <Card title={t("stats.games.title")}>
        <Figure label={t("stats.games.stakes")} value={freText(stats.games.stakes)} />
        <Figure label={t("stats.games.payouts")} value={freText(stats.games.payouts)} />
        <Figure label={t("stats.games.bets")} value={count(stats.games.bets)} />
        <Figure
          label={t("stats.games.houseEdge")}
          value={
            edge === null
              ? t("stats.games.noBets")
              : t("stats.percent", {
                  value: formatDecimal(edge * 100, language, { min: 1, max: 2 }),
                })
          }
          testId="stats-house-edge"
        />
      </Card>
    </div>
  );
}

function SeriesChart({
  metric,
  days,
  title,
}: {
  metric: AdminStatsMetric;
  days: Range;
  title: string;
}) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const query = useQuery(adminStatsSeriesQuery(metric, days));
  useDropElevationOn(query.error);
  const isFre = metric === "mined";
  const toNumber = useCallback((value: string) => Number(value), []);
  const formatValue = useCallback(
    (value: string) =>
      isFre
        ? t("stats.fre", { amount: formatFre(value, language, "balance") })
        : formatNumber(Number(value), language),
    [isFre, language, t],
  );
  const formatTick = useCallback(
    (value: number) =>
      isFre
        ? formatDecimal(value, language, { min: 0, max: 4 })
        : Number.isInteger(value)
          ? formatNumber(value, language)
          : "",
    [isFre, language],
  );
  return (
    <QueryState query={query} retry="inline">
      {(data) => (
        <StatsChart
          title={title}
          points={data.points}
          toNumber={toNumber}
          formatValue={formatValue}
          formatTick={formatTick}
          testId={`stats-chart-${metric}`}
        />
      )}
    </QueryState>
  );
}

export function AdminStatsPage() {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const title = t("pages.stats");
  const stats = useQuery(adminStatsQuery());
  useDropElevationOn(stats.error);
  const [days, setDays] = useState<Range>(30);
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <QueryState query={stats}>
        {(data) => (
          <div className="grid gap-4">
            <p className="text-xs text-muted" data-testid="stats-updated">
              {t("stats.updated", { date: formatDateTime(data.lastUpdated, language) })}
            </p>
            <Figures stats={data} />
          </div>
        )}
      </QueryState>
      <section aria-labelledby="stats-charts-title" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="stats-charts-title" className="text-lg font-semibold text-white">
            {t("stats.charts.title")}
          </h2>
          <fieldset className="flex gap-1" data-testid="stats-range">
            <legend className="sr-only">{t("stats.charts.range")}</legend>
            {RANGES.map((range) => (
              <button
                key={range}
                type="button"
                aria-pressed={days === range}
                onClick={() => setDays(range)}
                className={`min-h-10 rounded-lg border px-3 text-sm font-semibold ${
                  days === range
                    ? "border-amber-300 bg-amber-400 text-night-950"
                    : "border-night-600 bg-night-800 text-slate-100 hover:border-amber-300/70"
                }`}
              >
                {t("stats.charts.days", { count: range })}
              </button>
            ))}
          </fieldset>
        </div>
        <p className="text-xs text-muted">{t("stats.charts.utcNote")}</p>
        <div className="grid gap-4 lg:grid-cols-2">
          <SeriesChart metric="new_users" days={days} title={t("stats.charts.newUsers")} />
          <SeriesChart metric="mined" days={days} title={t("stats.charts.mined")} />
          <SeriesChart metric="active_miners" days={days} title={t("stats.charts.activeMiners")} />
        </div>
      </section>
    </div>
  );
}
