import { useQuery } from "@tanstack/react-query";
import { legalInfoQuery } from "../api/legal-api";

export function useLegalInfo() {
  return useQuery(legalInfoQuery);
}

/** The community links to show; none until known (a link is hidden while empty). */
export function useCommunityLinks() {
  return useLegalInfo().data?.community;
}
