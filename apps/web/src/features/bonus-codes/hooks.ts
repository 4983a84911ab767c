import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateAccount } from "../../lib/query-keys";
import { redeemBonusCodeMutation } from "./api/bonus-codes-api";

/** Redeeming credits FRE, boosts the rate or shortens the session: the account is re-read. */
export function useRedeemBonusCode() {
  const queryClient = useQueryClient();
  return useMutation({
    ...redeemBonusCodeMutation(),
    onSuccess: () => void invalidateAccount(queryClient),
  });
}
