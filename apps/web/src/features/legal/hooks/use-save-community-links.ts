import type { CommunityLinksBody } from "@fre/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useDropElevationOn } from "../../admin";
import { legalInfoQuery, saveCommunityLinks } from "../api/legal-api";

/** Saves the links; the footers show the saved ones at once. */
export function useSaveCommunityLinks() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (links: CommunityLinksBody) => saveCommunityLinks(links),
    onSuccess: (community) =>
      queryClient.setQueryData(legalInfoQuery.queryKey, (info) =>
        info ? { ...info, community } : info,
      ),
  });
  useDropElevationOn(mutation.error);
  return mutation;
}
