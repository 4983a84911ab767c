import type { KycState } from "@fre/shared";
import {
  type UseMutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys } from "../../../lib/query-keys";
import { meQueryKey } from "../../../lib/session";
import {
  kycQueryOptions,
  saveAddressMutation,
  saveDocumentMutation,
  saveIdentityMutation,
  submitKycMutation,
} from "./kyc-api";

/**
 * The user's identity check. A decision arrives as a notification (SSE): when the
 * notifications list changes while the request is pending, the state is read again.
 */
export function useKyc() {
  const queryClient = useQueryClient();
  const query = useQuery(kycQueryOptions());
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
        void queryClient.invalidateQueries({ queryKey: kycQueryOptions().queryKey });
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    });
  }, [pending, queryClient]);
  return query;
}

/** A step's save or the submission: the answer is the new state, kept as is. */
function useKycWrite<V>(write: UseMutationOptions<KycState, Error, V>, touchesMe = false) {
  const queryClient = useQueryClient();
  return useMutation({
    ...write,
    // A read still on its way (after a photo arrived) would answer with the state before this
    // write, and put it back over the write's answer.
    onMutate: () => queryClient.cancelQueries({ queryKey: kycQueryOptions().queryKey }),
    onSuccess: (state) => {
      queryClient.setQueryData(kycQueryOptions().queryKey, state);
      if (touchesMe) void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export const useSaveIdentity = () => useKycWrite(saveIdentityMutation());
export const useSaveAddress = () => useKycWrite(saveAddressMutation());
export const useSaveDocument = () => useKycWrite(saveDocumentMutation());
export const useSubmitKyc = () => useKycWrite(submitKycMutation(), true);
