import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invalidateAccount } from "../../lib/query-keys";
import {
  addCircleMember,
  circleKeys,
  circleQueryOptions,
  removeCircleMember,
} from "./api/circle-api";

export function useCircle() {
  return useQuery({
    ...circleQueryOptions(),
    // "Counts now" changes as members start sessions and lapse.
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
}

/** A change of members may change the referral cap, hence the rate: the account is re-read. */
function useCircleChange<V>(mutationFn: (value: V) => ReturnType<typeof addCircleMember>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (circle) => {
      queryClient.setQueryData(circleKeys.mine(), circle);
      void invalidateAccount(queryClient);
    },
  });
}

export const useAddCircleMember = () => useCircleChange(addCircleMember);
export const useRemoveCircleMember = () => useCircleChange(removeCircleMember);
