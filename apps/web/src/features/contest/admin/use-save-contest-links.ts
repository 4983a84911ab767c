import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useDropElevationOn } from "../../../lib/admin-access";
import { contestKeys, saveContestLinksMutation } from "../api/contest-api";

/** New task links; the contest (the admin's own view of it too) is read again. */
export function useSaveContestLinks() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...saveContestLinksMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestKeys.all }),
  });
  useDropElevationOn(mutation.error);
  return mutation;
}
