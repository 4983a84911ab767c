import type { NewTicketBody, SupportThread, SupportTicketStatus } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "../../lib/api-client";
import { useDropElevationOn } from "../admin";
import {
  answerTicket,
  createTicket,
  getAdminTicket,
  getAdminTickets,
  getMyTicket,
  getMyTickets,
  replyToTicket,
  supportKeys,
} from "./api/support-api";

/** An open thread is re-read every minute (and when the tab comes back) to show answers. */
const THREAD_POLL_MS = 60_000;

export function useMyTickets() {
  return useQuery({
    queryKey: supportKeys.tickets,
    queryFn: ({ signal }) => getMyTickets(signal),
  });
}

/**
 * Tickets the team answered that wait for the user (status "answered"), for the menu's badge;
 * asked only while `enabled` (the menu is open), undefined until known.
 */
export function useAnsweredTicketCount(enabled: boolean): number | undefined {
  return useQuery({
    queryKey: supportKeys.tickets,
    queryFn: ({ signal }) => getMyTickets(signal),
    select: (list) => list.items.filter((ticket) => ticket.status === "answered").length,
    enabled,
    staleTime: 60_000,
  }).data;
}

export function useMyTicket(id: string) {
  return useQuery({
    queryKey: supportKeys.ticket(id),
    queryFn: ({ signal }) => getMyTicket(id, signal),
    refetchInterval: THREAD_POLL_MS,
    // A wrong or foreign id (400/404) will not get better by asking again.
    retry: (count, error) =>
      count < 2 && !(isApiError(error) && (error.status === 400 || error.status === 404)),
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTicketBody) => createTicket(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.tickets }),
  });
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => replyToTicket(id, message),
    onSuccess: (thread: SupportThread) => {
      queryClient.setQueryData(supportKeys.ticket(id), thread);
      void queryClient.invalidateQueries({ queryKey: supportKeys.tickets, exact: true });
    },
  });
}

// ——— admin ———

export function useAdminTickets(status: SupportTicketStatus | "") {
  const query = useQuery({
    queryKey: supportKeys.adminList(status),
    queryFn: ({ signal }) => getAdminTickets(status, signal),
    retry: false,
  });
  useDropElevationOn(query.error);
  return query;
}

export function useAdminTicket(id: string) {
  const query = useQuery({
    queryKey: supportKeys.adminTicket(id),
    queryFn: ({ signal }) => getAdminTicket(id, signal),
    retry: false,
  });
  useDropElevationOn(query.error);
  return query;
}

export function useAnswerTicket(id: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ message, close }: { message: string; close: boolean }) =>
      answerTicket(id, message, close),
    onSuccess: (thread: SupportThread) => {
      queryClient.setQueryData(supportKeys.adminTicket(id), thread);
      void queryClient.invalidateQueries({ queryKey: supportKeys.adminLists });
    },
  });
  useDropElevationOn(mutation.error);
  return mutation;
}
