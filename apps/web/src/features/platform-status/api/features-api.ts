import type { FeaturesBody } from "@fre/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The one key set of the platform's switches. */
export const featuresKeys = {
  all: ["features"] as const,
};

/** How often an open page asks again: a maintenance shows, and ends, within a minute. */
export const FEATURES_POLL_MS = 60_000;

export const fetchFeatures = (signal?: AbortSignal) =>
  api.call("GET /api/features", undefined, signal);

export const featuresQuery = queryOptions({
  queryKey: featuresKeys.all,
  queryFn: ({ signal }) => fetchFeatures(signal),
  staleTime: 30_000,
  refetchInterval: FEATURES_POLL_MS,
});

export const saveFeatures = (body: FeaturesBody) => api.call("PUT /api/admin/features", { body });

/**
 * A 503 FEATURE_DISABLED or MAINTENANCE from any request: the switches changed since this page
 * last asked, so ask now (the screen then shows why) instead of waiting for the next poll.
 */
export function isPlatformRefusal(error: unknown): boolean {
  const code = (error as { status?: unknown; error?: unknown } | null)?.error;
  return (
    (error as { status?: unknown } | null)?.status === 503 &&
    (code === "FEATURE_DISABLED" || code === "MAINTENANCE")
  );
}
