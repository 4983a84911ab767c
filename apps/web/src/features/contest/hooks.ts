import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invalidateAccount } from "../../lib/query-keys";
import {
  contestKeys,
  contestQueryOptions,
  openContestTaskMutation,
  validateContestLevelMutation,
} from "./api/contest-api";

export function useContest() {
  return useQuery(contestQueryOptions());
}

export function useOpenTask() {
  const queryClient = useQueryClient();
  return useMutation({
    ...openContestTaskMutation(),
    onSuccess: (contest) => queryClient.setQueryData(contestKeys.all, contest),
  });
}

export function useValidateLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    ...validateContestLevelMutation(),
    onSuccess: (contest) => {
      queryClient.setQueryData(contestKeys.all, contest);
      // A validated level raises the mining rate for good.
      void invalidateAccount(queryClient);
    },
  });
}
