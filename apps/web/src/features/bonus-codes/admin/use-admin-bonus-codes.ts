import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDropElevationOn } from "../../../lib/admin-access";
import {
  adminBonusCodesQueryOptions,
  bonusCodeKeys,
  createAdminBonusCodeMutation,
  updateAdminBonusCodeMutation,
} from "../api/bonus-codes-api";

export function useAdminBonusCodes() {
  const query = useQuery(adminBonusCodesQueryOptions());
  useDropElevationOn(query.error);
  return query;
}

export function useCreateBonusCode() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...createAdminBonusCodeMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusCodeKeys.adminList() }),
  });
  useDropElevationOn(mutation.error);
  return mutation;
}

export function useUpdateBonusCode() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...updateAdminBonusCodeMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusCodeKeys.adminList() }),
  });
  useDropElevationOn(mutation.error);
  return mutation;
}
