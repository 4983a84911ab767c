import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "../../../lib/admin-access";
import { isApiError } from "../../../lib/api-client";
import {
  approveWithdrawalMutation,
  openWithdrawalMutation,
  rejectWithdrawalMutation,
  updateWithdrawalSettingsMutation,
  withdrawalKeys,
  withdrawalSettingsQueryOptions,
} from "./withdrawals-api";

/**
 * The console's decision on one request: approving or rejecting reads every queue tab and the
 * console's counters again; `open` tells the other admins (« ouverte par … »).
 */
export function useWithdrawalDecision(id: string) {
  const queryClient = useQueryClient();
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: withdrawalKeys.adminLists() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.summary });
  };
  return {
    approve: useMutation({
      ...approveWithdrawalMutation(id),
      onSuccess: settled,
      // Another admin acted since this screen was drawn: show the request as it stands now (the
      // open dialog redraws with it) beside the server's message, and let the admin decide again.
      onError: (error) => {
        if (isApiError(error, "WITHDRAWAL_STATE_CHANGED")) settled();
      },
    }),
    reject: useMutation({ ...rejectWithdrawalMutation(id), onSuccess: settled }),
    open: useMutation(openWithdrawalMutation(id)),
  };
}

/** Saves the settings into their query; the approvals each request needs follow the threshold. */
export function useUpdateWithdrawalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateWithdrawalSettingsMutation(),
    onSuccess: (saved) => {
      queryClient.setQueryData(withdrawalSettingsQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: withdrawalKeys.adminLists() });
    },
  });
}
