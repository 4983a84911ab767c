import type { KycState } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys } from "../../../lib/query-keys";
import { meQueryKey } from "../../../lib/session";
import {
  fetchKyc,
  kycQueryKeys,
  saveAddress,
  saveDocument,
  saveIdentity,
  submitKyc,
} from "../api/kyc-api";

/**
 * The user's identity check. A decision arrives as a notification (SSE): when the
 * notifications list changes while the request is pending, the state is read again.
 */
export function useKyc() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: kycQueryKeys.mine,
    queryFn: ({ signal }) => fetchKyc(signal),
  });
  const pending = query.data?.status === "pending";
  useEffect(() => {
    if (!pending) return;
    const key = JSON.stringify(queryKeys.notifications);
    return queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === "updated" &&
        event.action.type === "success" &&
        JSON.stringify(event.query.queryKey) === key
      ) {
        void queryClient.invalidateQueries({ queryKey: kycQueryKeys.mine });
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    });
  }, [pending, queryClient]);
  return query;
}

/** A step's save or the submission: the answer is the new state, kept as is. */
function useKycWrite<V>(write: (variables: V) => Promise<KycState>, touchesMe = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // A read still on its way (after a photo arrived) would answer with the state before this
    // write, and put it back over the write's answer.
    onMutate: () => queryClient.cancelQueries({ queryKey: kycQueryKeys.mine }),
    onSuccess: (state) => {
      queryClient.setQueryData(kycQueryKeys.mine, state);
      if (touchesMe) void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export const useSaveIdentity = () => useKycWrite(saveIdentity);
export const useSaveAddress = () => useKycWrite(saveAddress);
export const useSaveDocument = () => useKycWrite(saveDocument);
export const useSubmitKyc = () => useKycWrite(() => submitKyc(), true);
