import type { CircleSettings } from "@fre/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * The admin's circle rules, under the admin root (leaving the admin area drops them). Apart from
 * circle-api.ts so the console's screen and the player's page share no chunk (one entry less in
 * the route table's preload lists).
 */
export const circleAdminKeys = {
  all: ["admin", "circle"] as const,
  settings: () => [...circleAdminKeys.all, "settings"] as const,
};

export const circleSettingsQueryOptions = () =>
  queryOptions({
    queryKey: circleAdminKeys.settings(),
    queryFn: ({ signal }) => api.call("GET /api/admin/circle/settings", undefined, signal),
  });

/** `PUT /api/admin/circle/settings` (audited by the server as circle.settings). */
export const updateCircleSettings = (settings: CircleSettings) =>
  api.call("PUT /api/admin/circle/settings", { body: settings });

/** Saves the circle rules and writes the server's answer into the settings query. */
export function useUpdateCircleSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCircleSettings,
    onSuccess: (saved) => queryClient.setQueryData(circleSettingsQueryOptions().queryKey, saved),
  });
}
