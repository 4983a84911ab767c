import type { AdminStatsMetric } from "@fre/shared";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { adminKeys } from "../../../lib/admin-access";
import { api } from "../../../lib/api-client";

/** The server recomputes at most once a minute: asking more often shows nothing new. */
const STATS_STALE_MS = 60_000;

export const adminStatsKeys = {
  all: [...adminKeys.all, "stats"] as const,
  figures: () => [...adminStatsKeys.all, "figures"] as const,
  series: (metric: AdminStatsMetric, days: number) =>
    [...adminStatsKeys.all, "series", metric, days] as const,
};

export const getAdminStats = (signal?: AbortSignal) =>
  api.call("GET /api/admin/stats", undefined, signal);
export const getAdminStatsSeries = (metric: AdminStatsMetric, days: number, signal?: AbortSignal) =>
  api.call("GET /api/admin/stats/series", { query: { metric, days } }, signal);

export const adminStatsQuery = () =>
  queryOptions({
    queryKey: adminStatsKeys.figures(),
    queryFn: ({ signal }) => getAdminStats(signal),
    staleTime: STATS_STALE_MS,
    retry: false,
  });

export const adminStatsSeriesQuery = (metric: AdminStatsMetric, days: number) =>
  queryOptions({
    queryKey: adminStatsKeys.series(metric, days),
    queryFn: ({ signal }) => getAdminStatsSeries(metric, days, signal),
    staleTime: STATS_STALE_MS,
    // Switching the range keeps the drawn chart until the new days arrive.
    placeholderData: keepPreviousData,
    retry: false,
  });
