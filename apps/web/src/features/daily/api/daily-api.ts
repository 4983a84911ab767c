import type { CallInput, Contracts } from "@fre/shared";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type DailySettingsInput = CallInput<Contracts["PUT /api/daily/settings"]>["body"];

/** The daily streak's query keys (the admin's are in daily-admin-api.ts). */
export const dailyKeys = {
  all: ["daily"] as const,
  state: () => [...dailyKeys.all, "state"] as const,
};

/**
 * The zone this browser reports (`Europe/Paris`): sent with each read and claim, the server only
 * keeps it for a streak's first read (a later change goes through the settings, once a week).
 */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && zone.length <= 64 ? zone : undefined;
  } catch {
    return undefined;
  }
}

const zoneQuery = () => {
  const timeZone = browserTimeZone();
  return timeZone ? { timeZone } : {};
};

export const dailyQueryOptions = () =>
  queryOptions({
    queryKey: dailyKeys.state(),
    queryFn: ({ signal }) => api.call("GET /api/daily", { query: zoneQuery() }, signal),
  });

export const claimDailyMutation = () =>
  mutationOptions({
    mutationFn: () => api.call("POST /api/daily/claim", { body: zoneQuery() }),
  });

export const updateDailySettingsMutation = () =>
  mutationOptions({
    mutationFn: (body: DailySettingsInput) => api.call("PUT /api/daily/settings", { body }),
  });
