import type { AdminGlobalMessageBody, InformationBody } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useDropElevationOn } from "../../lib/admin-access";
import { onLiveEvent } from "../../lib/live-events";
import {
  adminGlobalMessageQueryOptions,
  adminInformationQueryOptions,
  createInformation,
  deleteInformation,
  globalMessageQueryOptions,
  informationQueryOptions,
  informationUnreadQueryOptions,
  messageKeys,
  readGlobalMessage,
  readInformation,
  saveAdminGlobalMessage,
  updateInformation,
} from "./api/messages-api";

/** Global message and unread state are re-checked every 60 s (spec §9) and pushed over SSE. */
export const MESSAGES_POLL_MS = 60_000;

export function useGlobalMessage() {
  return useQuery({
    ...globalMessageQueryOptions(),
    refetchInterval: MESSAGES_POLL_MS,
  });
}

export function useReadGlobalMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) => readGlobalMessage(revision),
    onMutate: (revision) => {
      queryClient.setQueryData(globalMessageQueryOptions().queryKey, (current) =>
        current?.message?.revision === revision ? { message: null } : current,
      );
    },
  });
}

export function useInformationUnread() {
  return useQuery({
    ...informationUnreadQueryOptions(),
    refetchInterval: MESSAGES_POLL_MS,
  });
}

export function useInformationList() {
  return useQuery(informationQueryOptions());
}

export function useReadInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readInformation(),
    onSuccess: () => {
      queryClient.setQueryData(informationUnreadQueryOptions().queryKey, (current) => ({
        unreadCount: 0,
        latest: current?.latest ?? null,
      }));
    },
  });
}

/** Live refreshes of the messages' queries (SSE events and reconnections). */
export function useMessagesLiveRefresh() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refreshGlobal = () =>
      void queryClient.invalidateQueries({ queryKey: messageKeys.global(), exact: true });
    const refreshInformation = () =>
      void queryClient.invalidateQueries({ queryKey: messageKeys.information() });
    const stops = [
      onLiveEvent("global_message", refreshGlobal),
      onLiveEvent("information", refreshInformation),
      onLiveEvent("open", () => {
        refreshGlobal();
        refreshInformation();
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
}

// ——— admin ———

export function useAdminGlobalMessage() {
  const query = useQuery({ ...adminGlobalMessageQueryOptions(), retry: false });
  useDropElevationOn(query.error);
  return query;
}

export function useSaveAdminGlobalMessage() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: AdminGlobalMessageBody) => saveAdminGlobalMessage(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.adminGlobal() });
      void queryClient.invalidateQueries({ queryKey: messageKeys.global() });
    },
  });
  useDropElevationOn(mutation.error);
  return mutation;
}

export function useAdminInformation() {
  return useQuery({ ...adminInformationQueryOptions(), retry: false });
}

function useInformationMutation<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.adminInformation() });
      void queryClient.invalidateQueries({ queryKey: messageKeys.information() });
    },
  });
  useDropElevationOn(mutation.error);
  return mutation;
}

export const useCreateInformation = () =>
  useInformationMutation((body: InformationBody) => createInformation(body));
export const useUpdateInformation = () =>
  useInformationMutation(({ id, body }: { id: string; body: InformationBody }) =>
    updateInformation(id, body),
  );
export const useDeleteInformation = () =>
  useInformationMutation((id: string) => deleteInformation(id));

/** Unread information messages (0 until known), for the menu's badge. */
export function useUnreadInformationCount(): number {
  return useInformationUnread().data?.unreadCount ?? 0;
}
