import type { CommunityLinks, CommunityLinksBody, LegalInfo } from "@fre/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const legalKeys = {
  info: ["legal"] as const,
};

/** Who runs the service and its community links (`GET /api/legal`, public). */
export const legalInfoQuery = queryOptions({
  queryKey: legalKeys.info,
  queryFn: ({ signal }) => api.get<LegalInfo>("/api/legal", signal),
  // Settings, not live data: one read per visit is plenty.
  staleTime: 10 * 60_000,
});

export const saveCommunityLinks = (links: CommunityLinksBody) =>
  api.put<CommunityLinks>("/api/admin/community-links", links);
