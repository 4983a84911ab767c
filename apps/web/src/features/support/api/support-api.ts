import type {
  AdminSupportTicketList,
  NewTicketBody,
  SupportThread,
  SupportTicket,
  SupportTicketList,
  SupportTicketStatus,
} from "@fre/shared";
import { api } from "../../../lib/api-client";

export const supportKeys = {
  tickets: ["support", "tickets"] as const,
  ticket: (id: string) => ["support", "tickets", id] as const,
  adminTickets: ["admin", "support", "tickets"] as const,
  /** Every admin ticket list, whatever its status filter. */
  adminLists: ["admin", "support", "tickets", "list"] as const,
  adminList: (status: SupportTicketStatus | "") =>
    ["admin", "support", "tickets", "list", status] as const,
  adminTicket: (id: string) => ["admin", "support", "tickets", "thread", id] as const,
};

const ticketPath = (id: string) => `/api/support/tickets/${encodeURIComponent(id)}`;
const adminTicketPath = (id: string) => `/api/admin/support/tickets/${encodeURIComponent(id)}`;

export const createTicket = (body: NewTicketBody) =>
  api.post<SupportTicket>("/api/support/tickets", body);
export const getMyTickets = (signal?: AbortSignal) =>
  api.get<SupportTicketList>("/api/support/tickets", signal);
export const getMyTicket = (id: string, signal?: AbortSignal) =>
  api.get<SupportThread>(ticketPath(id), signal);
export const replyToTicket = (id: string, message: string) =>
  api.post<SupportThread>(`${ticketPath(id)}/replies`, { message });

export const getAdminTickets = (status: SupportTicketStatus | "", signal?: AbortSignal) =>
  api.get<AdminSupportTicketList>(
    `/api/admin/support/tickets${status ? `?status=${status}` : ""}`,
    signal,
  );
export const getAdminTicket = (id: string, signal?: AbortSignal) =>
  api.get<SupportThread>(adminTicketPath(id), signal);
export const answerTicket = (id: string, message: string, close: boolean) =>
  api.post<SupportThread>(`${adminTicketPath(id)}/replies`, { message, close });
