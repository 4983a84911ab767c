import type { NewTicketBody, SupportThread, SupportTicketStatus } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDropElevationOn } from "../../lib/admin-access";
import {
  adminTicketQuery,
  adminTicketsQuery,
  answerTicket,
  createTicket,
  myTicketQuery,
  myTicketsQuery,
  replyToTicket,
  supportKeys,
} from "./api/support-api";

export function useMyTickets() {
  return useQuery(myTicketsQuery());
}

/**
 * Tickets the team answered that wait for the user (status "answered"), for the menu's badge;
 * asked only while `enabled` (the menu is open), undefined until known.
 */
export function useAnsweredTicketCount(enabled: boolean): number | undefined {
  return useQuery({
    ...myTicketsQuery(),
    select: (list) => list.items.filter((ticket) => ticket.status === "answered").length,
    enabled,
    staleTime: 60_000,
  }).data;
}

export function useMyTicket(id: string) {
  return useQuery(myTicketQuery(id));
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTicketBody) => createTicket(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.tickets() }),
  });
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => replyToTicket(id, message),
    onSuccess: (thread: SupportThread) => {
      queryClient.setQueryData(supportKeys.ticket(id), thread);
      void queryClient.invalidateQueries({ queryKey: supportKeys.tickets(), exact: true });
    },
  });
}

// ——— admin ———

export function useAdminTickets(status: SupportTicketStatus | "") {
  const query = useQuery(adminTicketsQuery(status));
  useDropElevationOn(query.error);
  return query;
}

export function useAdminTicket(id: string) {
  const query = useQuery(adminTicketQuery(id));
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
      void queryClient.invalidateQueries({ queryKey: supportKeys.adminLists() });
    },
  });
  useDropElevationOn(mutation.error);
  return mutation;
}
