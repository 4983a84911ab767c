import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invalidateAccount } from "../../lib/query-keys";
import { useDropElevationOn } from "../admin";
import {
  type Contest,
  contestKeys,
  getContest,
  openContestTask,
  saveContestLinks,
  validateContestLevel,
} from "./api/contest-api";

export function useContest() {
  return useQuery({
    queryKey: contestKeys.contest,
    queryFn: ({ signal }) => getContest(signal),
  });
}

export function useOpenTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: number) => openContestTask(level),
    onSuccess: (contest) => queryClient.setQueryData(contestKeys.contest, contest),
  });
}

export function useValidateLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: number) => validateContestLevel(level),
    onSuccess: (contest: Contest) => {
      queryClient.setQueryData(contestKeys.contest, contest);
      // A validated level raises the mining rate for good.
      void invalidateAccount(queryClient);
    },
  });
}

export function useSaveContestLinks() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (links: { level: number; url: string }[]) => saveContestLinks(links),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestKeys.contest }),
  });
  useDropElevationOn(mutation.error);
  return mutation;
}
