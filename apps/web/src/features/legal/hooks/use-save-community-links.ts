import type { CommunityLinksBody, LegalInfo } from "@fre/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useDropElevationOn } from "../../../lib/admin-access";
import { legalKeys, saveCommunityLinks } from "../api/legal-api";

/** Saves the links; the footers show the saved ones at once. */
export function useSaveCommunityLinks() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (links: CommunityLinksBody) => saveCommunityLinks(links),
    onSuccess: (community) =>
      queryClient.setQueryData(legalKeys.info(), (info: LegalInfo | undefined) =>
        info ? { ...info, community } : info,
      ),
  });
  useDropElevationOn(mutation.error);
  return mutation;
}
