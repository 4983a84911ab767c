import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invalidateAccount } from "../../lib/query-keys";
import { useDropElevationOn } from "../admin";
import {
  type AdminBonusCodeInput,
  type AdminBonusCodeUpdate,
  adminBonusCodeKeys,
  createAdminBonusCode,
  listAdminBonusCodes,
  redeemBonusCode,
  updateAdminBonusCode,
} from "./api/bonus-codes-api";

/** Redeeming credits FRE, boosts the rate or shortens the session: the account is re-read. */
export function useRedeemBonusCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => redeemBonusCode(code),
    onSuccess: () => void invalidateAccount(queryClient),
  });
}

export function useAdminBonusCodes() {
  const query = useQuery({
    queryKey: adminBonusCodeKeys.list,
    queryFn: ({ signal }) => listAdminBonusCodes(signal),
    retry: false,
  });
  useDropElevationOn(query.error);
  return query;
}

export function useCreateBonusCode() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: AdminBonusCodeInput) => createAdminBonusCode(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBonusCodeKeys.list }),
  });
  useDropElevationOn(mutation.error);
  return mutation;
}

export function useUpdateBonusCode() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ code, patch }: { code: string; patch: AdminBonusCodeUpdate }) =>
      updateAdminBonusCode(code, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBonusCodeKeys.list }),
  });
  useDropElevationOn(mutation.error);
  return mutation;
}
