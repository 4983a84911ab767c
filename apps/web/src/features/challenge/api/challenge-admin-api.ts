import type { ChallengeSettings } from "@fre/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The proof of work's difficulty, under the admin root (leaving the admin area drops it). */
export const challengeAdminKeys = {
  all: ["admin", "challenge"] as const,
  settings: () => [...challengeAdminKeys.all, "settings"] as const,
};

export const adminChallengeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: challengeAdminKeys.settings(),
    queryFn: ({ signal }) => api.call("GET /api/admin/challenge/settings", undefined, signal),
    retry: false,
  });

export const updateAdminChallengeSettings = (body: ChallengeSettings) =>
  api.call("PUT /api/admin/challenge/settings", { body });

/** Saves the settings and writes the server's answer into the settings query. */
export function useUpdateAdminChallengeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminChallengeSettings,
    onSuccess: (saved) =>
      queryClient.setQueryData(adminChallengeSettingsQueryOptions().queryKey, saved),
  });
}
