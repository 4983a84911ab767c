import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The security circle's query keys (decision 0043). */
export const circleKeys = {
  all: ["circle"] as const,
  mine: () => [...circleKeys.all, "mine"] as const,
};

export const circleQueryOptions = () =>
  queryOptions({
    queryKey: circleKeys.mine(),
    queryFn: ({ signal }) => api.call("GET /api/circle", undefined, signal),
  });

/** Names a member by nickname or referral code; answers my circle as it now is. */
export const addCircleMember = (userRef: string) =>
  api.call("POST /api/circle", { body: { userRef } });

export const removeCircleMember = (userId: string) =>
  api.call("DELETE /api/circle/:userId", { params: { userId } });
