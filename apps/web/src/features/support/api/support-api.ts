import type { NewTicketBody, SupportTicketStatus } from "@fre/shared";
import { queryOptions } from "@tanstack/react-query";
import { api, isApiError } from "../../../lib/api-client";

/** An open thread is re-read every minute (and when the tab comes back) to show answers. */
const THREAD_POLL_MS = 60_000;

/**
 * The support feature's query keys: the user's tickets, and the admin's under the admin root
 * (leaving the console drops them with the rest).
 */
export const supportKeys = {
  all: ["support"] as const,
  tickets: () => [...supportKeys.all, "tickets"] as const,
  ticket: (id: string) => [...supportKeys.tickets(), id] as const,
  adminTickets: () => ["admin", "support", "tickets"] as const,
  /** Every admin ticket list, whatever its status filter. */
  adminLists: () => [...supportKeys.adminTickets(), "list"] as const,
  adminList: (status: SupportTicketStatus | "") => [...supportKeys.adminLists(), status] as const,
  adminTicket: (id: string) => [...supportKeys.adminTickets(), "thread", id] as const,
};

export const createTicket = (body: NewTicketBody) =>
  api.call("POST /api/support/tickets", { body });
export const getMyTickets = (signal?: AbortSignal) =>
  api.call("GET /api/support/tickets", undefined, signal);
export const getMyTicket = (id: string, signal?: AbortSignal) =>
  api.call("GET /api/support/tickets/:id", { params: { id } }, signal);
export const replyToTicket = (id: string, message: string) =>
  api.call("POST /api/support/tickets/:id/replies", { params: { id }, body: { message } });

export const getAdminTickets = (status: SupportTicketStatus | "", signal?: AbortSignal) =>
  api.call("GET /api/admin/support/tickets", { query: { status: status || undefined } }, signal);
export const getAdminTicket = (id: string, signal?: AbortSignal) =>
  api.call("GET /api/admin/support/tickets/:id", { params: { id } }, signal);
export const answerTicket = (id: string, message: string, close: boolean) =>
  api.call("POST /api/admin/support/tickets/:id/replies", {
    params: { id },
    body: { message, close },
  });

export const myTicketsQuery = () =>
  queryOptions({
    queryKey: supportKeys.tickets(),
    queryFn: ({ signal }) => getMyTickets(signal),
  });

export const myTicketQuery = (id: string) =>
  queryOptions({
    queryKey: supportKeys.ticket(id),
    queryFn: ({ signal }) => getMyTicket(id, signal),
    refetchInterval: THREAD_POLL_MS,
    // A wrong or foreign id (400/404) will not get better by asking again.
    retry: (count, error) =>
      count < 2 && !(isApiError(error) && (error.status === 400 || error.status === 404)),
  });

export const adminTicketsQuery = (status: SupportTicketStatus | "") =>
  queryOptions({
    queryKey: supportKeys.adminList(status),
    queryFn: ({ signal }) => getAdminTickets(status, signal),
    retry: false,
  });

export const adminTicketQuery = (id: string) =>
  queryOptions({
    queryKey: supportKeys.adminTicket(id),
    queryFn: ({ signal }) => getAdminTicket(id, signal),
    retry: false,
  });
