import type { DailyAdminSettings } from "@fre/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * The admin's rules, under the admin root (leaving the admin area drops them). Apart from
 * daily-api.ts so the console's screen and the player's screens share no chunk.
 */
export const dailyAdminKeys = {
  all: ["admin", "daily"] as const,
  settings: () => [...dailyAdminKeys.all, "settings"] as const,
};

export const adminDailySettingsQueryOptions = () =>
  queryOptions({
    queryKey: dailyAdminKeys.settings(),
    queryFn: ({ signal }) => api.call("GET /api/admin/daily/settings", undefined, signal),
    retry: false,
  });

export const updateAdminDailySettings = (body: DailyAdminSettings) =>
  api.call("PUT /api/admin/daily/settings", { body });

/** Saves the rules and writes the server's answer into the settings query. */
export function useUpdateAdminDailySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminDailySettings,
    onSuccess: (saved) =>
      queryClient.setQueryData(adminDailySettingsQueryOptions().queryKey, saved),
  });
}
