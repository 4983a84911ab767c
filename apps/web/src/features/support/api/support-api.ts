import { api } from "../../../lib/api-client";

export const TICKET_STATUSES = ["open", "answered", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export interface Ticket {
  id: string;
  subject: string;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
}

export interface AdminTicket extends Ticket {
  nickname: string;
}

export interface TicketMessage {
  id: string;
  author: "user" | "admin";
  body: string;
  createdAt: string;
}

export interface TicketThread extends Ticket {
  messages: TicketMessage[];
}

export interface NewTicket {
  subject: string;
  message: string;
}

export const supportKeys = {
  tickets: ["support", "tickets"] as const,
  ticket: (id: string) => ["support", "tickets", id] as const,
  adminTickets: ["admin", "support", "tickets"] as const,
  adminList: (status: TicketStatus | "") =>
    ["admin", "support", "tickets", "list", status] as const,
  adminTicket: (id: string) => ["admin", "support", "tickets", "thread", id] as const,
};

const ticketPath = (id: string) => `/api/support/tickets/${encodeURIComponent(id)}`;
const adminTicketPath = (id: string) => `/api/admin/support/tickets/${encodeURIComponent(id)}`;

export const createTicket = (body: NewTicket) => api.post<Ticket>("/api/support/tickets", body);
export const getMyTickets = (signal?: AbortSignal) =>
  api.get<{ items: Ticket[] }>("/api/support/tickets", signal);
export const getMyTicket = (id: string, signal?: AbortSignal) =>
  api.get<TicketThread>(ticketPath(id), signal);
export const replyToTicket = (id: string, message: string) =>
  api.post<TicketThread>(`${ticketPath(id)}/replies`, { message });

export const getAdminTickets = (status: TicketStatus | "", signal?: AbortSignal) =>
  api.get<{ items: AdminTicket[] }>(
    `/api/admin/support/tickets${status ? `?status=${status}` : ""}`,
    signal,
  );
export const getAdminTicket = (id: string, signal?: AbortSignal) =>
  api.get<TicketThread>(adminTicketPath(id), signal);
export const answerTicket = (id: string, message: string, close: boolean) =>
  api.post<TicketThread>(`${adminTicketPath(id)}/replies`, { message, close });
