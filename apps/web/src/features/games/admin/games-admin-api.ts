import type { GameLimits } from "@fre/shared";
import { api } from "../../../lib/api-client";

/** The admin's game settings: one key set for every query of these screens. */
export const gamesAdminQueryKeys = {
  limits: ["admin", "games", "limits"] as const,
};

export const fetchGameLimits = (signal?: AbortSignal) =>
  api.get<GameLimits>("/api/admin/games/limits", signal);

/** `PUT /api/admin/games/limits` (audited by the server as games.limits). */
export const updateGameLimits = (limits: GameLimits) =>
  api.put<GameLimits>("/api/admin/games/limits", limits);
