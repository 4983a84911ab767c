import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invalidateAccount } from "../../../lib/query-keys";
import {
  adminTasksQueryOptions,
  createTask,
  startTask,
  tasksKeys,
  tasksQueryOptions,
  updateTask,
  verifyTask,
} from "./tasks-api";

/** The user's tasks, each with its state (re-read when the page comes back into view). */
export const useTasks = () => useQuery(tasksQueryOptions());

/** Starts a task (the visit's clock): the list shows it started. */
export function useStartTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKeys.mine() }),
  });
}

/** Verifies a task: the list, and the account (balance, rate) once rewarded. */
export function useVerifyTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTask,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tasksKeys.mine() });
      void invalidateAccount(queryClient);
    },
  });
}

export const useAdminTasks = () => useQuery(adminTasksQueryOptions());

function useAdminChange<V>(mutationFn: (value: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKeys.all }),
  });
}

export const useCreateTask = () => useAdminChange(createTask);
export const useUpdateTask = () => useAdminChange(updateTask);
