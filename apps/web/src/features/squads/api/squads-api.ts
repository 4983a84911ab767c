import type { SquadCreateBody } from "@fre/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The squads' query keys (issue 38 point 3, decision 0074). */
export const squadsKeys = {
  all: ["squads"] as const,
  board: () => [...squadsKeys.all, "board"] as const,
  detail: (id: string) => [...squadsKeys.all, "detail", id] as const,
  preview: (id: string) => [...squadsKeys.all, "preview", id] as const,
};

/** This week's board: the top 100, my squad and rank, what I may do. */
export const squadBoardQueryOptions = () =>
  queryOptions({
    queryKey: squadsKeys.board(),
    queryFn: ({ signal }) => api.call("GET /api/squads/leaderboard", { query: {} }, signal),
  });

export const squadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: squadsKeys.detail(id),
    queryFn: ({ signal }) => api.call("GET /api/squads/:id", { params: { id } }, signal),
  });

/** A share link's public facts, for a visitor (no session needed; decision 0076). */
export const squadPreviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: squadsKeys.preview(id),
    queryFn: ({ signal }) => api.call("GET /api/squads/:id/preview", { params: { id } }, signal),
    // A 404 (unknown, hidden, disbanded) or a malformed link will not get better by asking again.
    retry: false,
  });

export const createSquad = (body: SquadCreateBody) => api.call("POST /api/squads", { body });
export const joinSquad = (id: string) => api.call("POST /api/squads/:id/join", { params: { id } });
export const leaveSquad = () => api.call("POST /api/squads/leave");
