import type { AdminStatsPoint } from "@fre/shared";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type uPlot from "uplot";
import { formatDate } from "../../../lib/format";
import { intlLocale } from "../../../lib/languages";
import { useLanguage } from "../../../lib/use-language";

const HEIGHT = 200;
const AMBER = "#fcd34d";
const GRID = "rgba(148, 163, 184, 0.15)";
const AXIS = "#cbd5e1";

/**
 * A UTC day ("2026-06-15") as an instant at its noon: shown in any time zone within 12 h of UTC,
 * it is still that calendar day.
 */
export const dayNoon = (day: string) => Date.parse(`${day}T12:00:00Z`);

/**
 * uPlot and its style sheet, fetched the first time a chart is drawn: only the statistics
 * screen pays for them (decision 0026).
 */
let library: Promise<typeof uPlot> | null = null;
function loadChartLibrary(): Promise<typeof uPlot> {
  library ??= Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(
    ([module]) => module.default,
  );
  return library;
}

interface StatsChartProps {
  title: string;
  points: AdminStatsPoint[];
  /** A point's value as numbers to draw (display only: exact values stay in the table). */
  toNumber: (value: string) => number;
  /** A point's value as the table and the summary show it. */
  formatValue: (value: string) => string;
  /** An axis tick. */
  formatTick: (value: number) => string;
  testId: string;
}

/**
 * One series drawn as a line over the days, with its text alternative: a summary anyone reads
 * and the whole series as a table for screen readers (the canvas itself is hidden from them).
 */
export function StatsChart({
  title,
  points,
  toNumber,
  formatValue,
  formatTick,
  testId,
}: StatsChartProps) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const captionId = useId();

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    const days = new Intl.DateTimeFormat(intlLocale(language), { day: "numeric", month: "short" });
    loadChartLibrary().then(
      (UPlot) => {
        if (cancelled) return;
        const width = Math.max(240, element.clientWidth);
        const data: uPlot.AlignedData = [
          points.map((p) => dayNoon(p.day) / 1000),
          points.map((p) => toNumber(p.value)),
        ];
        plot = new UPlot(
          {
            width,
            height: HEIGHT,
            legend: { show: false },
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max : 1] } },
            axes: [
              {
                stroke: AXIS,
                grid: { stroke: GRID },
                ticks: { stroke: GRID },
                space: 56,
                values: (_u, ticks) => ticks.map((tick) => days.format(new Date(tick * 1000))),
              },
              {
                stroke: AXIS,
                grid: { stroke: GRID },
                ticks: { stroke: GRID },
                size: 56,
                values: (_u, ticks) => ticks.map(formatTick),
              },
            ],
            series: [
              {},
              {
                label: title,
                stroke: AMBER,
                width: 2,
                fill: "rgba(252, 211, 77, 0.12)",
                points: { show: points.length <= 31 },
              },
            ],
          },
          data,
          element,
        );
        observer = new ResizeObserver(() => {
          plot?.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT });
        });
        observer.observe(element);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [points, title, toNumber, formatTick, language]);

  const peak = points.reduce<AdminStatsPoint | null>(
    (best, p) => (best === null || toNumber(p.value) > toNumber(best.value) ? p : best),
    null,
  );
  const last = points.at(-1);

  return (
    <figure
      data-testid={testId}
      className="grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4"
    >
      <figcaption id={captionId} className="grid gap-1">
        <span className="font-semibold text-white">{title}</span>
        {peak && last ? (
          <span className="text-sm text-muted">
            {t("stats.chartSummary", {
              today: formatValue(last.value),
              peak: formatValue(peak.value),
              peakDay: formatDate(dayNoon(peak.day), language),
            })}
          </span>
        ) : null}
      </figcaption>
      {failed ? (
        <p className="text-sm text-muted">{t("stats.chartUnavailable")}</p>
      ) : (
        <div
          ref={holder}
          aria-hidden="true"
          className="min-h-[200px] w-full overflow-hidden"
          data-testid={`${testId}-canvas`}
        />
      )}
      <table className="sr-only" aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">{t("stats.day")}</th>
            <th scope="col">{t("stats.value")}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.day}>
              <th scope="row">{formatDate(dayNoon(p.day), language)}</th>
              <td>{formatValue(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
