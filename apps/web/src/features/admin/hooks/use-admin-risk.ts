import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys, useDropElevationOn } from "../../../lib/admin-access";
import {
  adminRiskKeys,
  adminRiskSettingsQueryOptions,
  adminUserRiskQueryOptions,
  riskActionMutation,
  runRiskMutation,
  saveRiskSettingsMutation,
} from "../api/admin-risk-api";

export function useAdminUserRisk(id: string) {
  const query = useQuery(adminUserRiskQueryOptions(id));
  useDropElevationOn(query.error);
  return query;
}

/** One risk action; the section shows the server's answer, the lists are read again. */
export function useRiskAction(id: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...riskActionMutation(id),
    onSuccess: async (risk) => {
      queryClient.setQueryData(adminRiskKeys.user(id), risk);
      await queryClient.invalidateQueries({ queryKey: adminKeys.userLists });
      await queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    },
  });
  useDropElevationOn(mutation.error);
  return mutation;
}

export function useRiskSettings() {
  const query = useQuery(adminRiskSettingsQueryOptions());
  useDropElevationOn(query.error);
  return query;
}

export function useSaveRiskSettings() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...saveRiskSettingsMutation(),
    onSuccess: (saved) => queryClient.setQueryData(adminRiskKeys.settings(), saved),
  });
  useDropElevationOn(mutation.error);
  return mutation;
}

/** A run rescored everyone: every list and user page is read again. */
export function useRunRisk() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...runRiskMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
  useDropElevationOn(mutation.error);
  return mutation;
}
