import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The leaderboard's query keys, rooted in the cross-feature set (a claim elsewhere refreshes it). */
export const leaderboardKeys = {
  all: queryKeys.leaderboard,
};

export const leaderboardQueryOptions = () =>
  queryOptions({
    queryKey: leaderboardKeys.all,
    queryFn: ({ signal }) => api.call("GET /api/leaderboard", undefined, signal),
  });
