import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { onLiveEvent } from "../../../lib/live-events";
import { invalidateAccount, queryKeys } from "../../../lib/query-keys";
import { isInFlight } from "../withdrawal-amount";
import {
  cancelWithdrawalMutation,
  createWithdrawalMutation,
  myWithdrawalsQueryOptions,
} from "./withdrawals-api";

/** How often the page asks about a request still pending or processing. */
export const WITHDRAWAL_POLL_MS = 10_000;

/**
 * My withdrawals and limits, live: asked again every 10 s while one is in flight, when a
 * notification arrives (the stream updates the notifications list: `withdrawal_complete`…)
 * and when the stream reconnects.
 */
export function useMyWithdrawals() {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...myWithdrawalsQueryOptions(),
    refetchInterval: (q) => (q.state.data?.items.some(isInFlight) ? WITHDRAWAL_POLL_MS : false),
  });
  useEffect(() => {
    const key = JSON.stringify(queryKeys.notifications);
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: myWithdrawalsQueryOptions().queryKey });
    const stopCache = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === "updated" &&
        event.action.type === "success" &&
        JSON.stringify(event.query.queryKey) === key
      ) {
        refresh();
      }
    });
    const stopOpen = onLiveEvent("open", refresh);
    return () => {
      stopCache();
      stopOpen();
    };
  }, [queryClient]);
  return query;
}

/** A hold or a refund moved the balance: the account's figures are read again. */
function useAfterMoneyMoved() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: myWithdrawalsQueryOptions().queryKey });
    void invalidateAccount(queryClient);
  };
}

export function useCreateWithdrawal() {
  const moved = useAfterMoneyMoved();
  return useMutation({ ...createWithdrawalMutation(), onSuccess: moved });
}

export function useCancelWithdrawal() {
  const moved = useAfterMoneyMoved();
  return useMutation({ ...cancelWithdrawalMutation(), onSuccess: moved });
}
