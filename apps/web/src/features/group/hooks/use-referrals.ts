import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { fetchReferrals, setReferrer } from "../api/referrals-api";

export function useReferrals() {
  return useQuery({
    queryKey: queryKeys.referrals,
    queryFn: ({ signal }) => fetchReferrals(signal),
    // "Active now" changes as referrals start and end sessions.
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
}

export function useSetReferrer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReferrer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.referrals });
      void queryClient.invalidateQueries({ queryKey: queryKeys.mining });
    },
  });
}
