import type { LeagueSettings } from "@fre/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * The weekly leagues' and the friends' boards: rooted in the leaderboard's key, so a claim that
 * refreshes the board refreshes these too (only the tab on screen asks again).
 */
export const leaguesKeys = {
  all: [...queryKeys.leaderboard, "leagues"] as const,
  current: () => [...leaguesKeys.all, "current"] as const,
  history: () => [...leaguesKeys.all, "history"] as const,
  friends: () => [...queryKeys.leaderboard, "friends"] as const,
};

/** How often the week tab asks for its group again while it is on screen. */
export const LEAGUE_REFRESH_MS = 30_000;

export const leagueCurrentQueryOptions = () =>
  queryOptions({
    queryKey: leaguesKeys.current(),
    queryFn: ({ signal }) => api.call("GET /api/leagues/current", undefined, signal),
  });

export const leagueHistoryQueryOptions = () =>
  queryOptions({
    queryKey: leaguesKeys.history(),
    queryFn: ({ signal }) => api.call("GET /api/leagues/history", undefined, signal),
  });

export const friendsBoardQueryOptions = () =>
  queryOptions({
    queryKey: leaguesKeys.friends(),
    queryFn: ({ signal }) => api.call("GET /api/leaderboard/friends", undefined, signal),
  });

/** The console's keys. */
export const leaguesAdminKeys = {
  all: ["admin", "leagues"] as const,
  overview: () => [...leaguesAdminKeys.all, "overview"] as const,
  settings: () => [...leaguesAdminKeys.all, "settings"] as const,
};

export const adminLeaguesQueryOptions = () =>
  queryOptions({
    queryKey: leaguesAdminKeys.overview(),
    queryFn: ({ signal }) => api.call("GET /api/admin/leagues", undefined, signal),
  });

export const leagueSettingsQueryOptions = () =>
  queryOptions({
    queryKey: leaguesAdminKeys.settings(),
    queryFn: ({ signal }) => api.call("GET /api/admin/leagues/settings", undefined, signal),
  });

/** `PUT /api/admin/leagues/settings` (audited by the server as leagues.settings). */
export const updateLeagueSettings = (settings: LeagueSettings) =>
  api.call("PUT /api/admin/leagues/settings", { body: settings });

/** Saves the league rules and writes the server's answer into the settings query. */
export function useUpdateLeagueSettings({
  onSaved,
}: {
  onSaved?: (saved: LeagueSettings) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeagueSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(leagueSettingsQueryOptions().queryKey, saved);
      onSaved?.(saved);
    },
  });
}
