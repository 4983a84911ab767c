import type { GameLimits } from "@fre/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { gamesKeys } from "./games-api";

/** The admin's game settings: one key set for every query of these screens. */
export const gamesAdminKeys = {
  all: ["admin", "games"] as const,
  limits: () => [...gamesAdminKeys.all, "limits"] as const,
};

export const gameLimitsQueryOptions = () =>
  queryOptions({
    queryKey: gamesAdminKeys.limits(),
    queryFn: ({ signal }) => api.call("GET /api/admin/games/limits", undefined, signal),
  });

/** `PUT /api/admin/games/limits` (audited by the server as games.limits). */
export const updateGameLimits = (limits: GameLimits) =>
  api.call("PUT /api/admin/games/limits", { body: limits });

/** Saves the bet limits: the console's copy takes the answer, the players' screens read again. */
export function useUpdateGameLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGameLimits,
    onSuccess: (saved) => {
      queryClient.setQueryData(gameLimitsQueryOptions().queryKey, saved);
      // The players' screens read the bounds from GET /api/games.
      void queryClient.invalidateQueries({ queryKey: gamesKeys.all });
    },
  });
}
