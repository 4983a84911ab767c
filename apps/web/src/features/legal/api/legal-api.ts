import type { CommunityLinksBody } from "@fre/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The legal feature's query keys (one read: the operator's details and community links). */
export const legalKeys = {
  all: ["legal"] as const,
  info: () => legalKeys.all,
};

/** Who runs the service and its community links (`GET /api/legal`, public). */
export const legalInfoQuery = queryOptions({
  queryKey: legalKeys.info(),
  queryFn: ({ signal }) => api.call("GET /api/legal", undefined, signal),
  // Settings, not live data: one read per visit is plenty.
  staleTime: 10 * 60_000,
});

export const saveCommunityLinks = (links: CommunityLinksBody) =>
  api.call("PUT /api/admin/community-links", { body: links });
