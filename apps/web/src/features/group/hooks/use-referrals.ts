import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invalidateAccount, queryKeys } from "../../../lib/query-keys";
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
    // The referrer's bonus raises the rate; the group page shows the new referrer.
    onSuccess: () => void invalidateAccount(queryClient),
  });
}
