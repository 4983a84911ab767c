import type { GlobalMessage, InformationMessage } from "@fre/shared";
import { api } from "../../../lib/api-client";

export type MessageType = GlobalMessage["type"];

export interface InformationList {
  items: InformationMessage[];
  unreadCount: number;
}

export interface InformationUnread {
  unreadCount: number;
  latest: { id: string; title: string; createdAt: string } | null;
}

export interface AdminGlobalMessage {
  title: string;
  content: string;
  type: MessageType;
  active: boolean;
  expiresAt: string | null;
}

export interface InformationInput {
  title: string;
  content: string;
}

export const messageKeys = {
  global: ["messages", "global"] as const,
  information: ["messages", "information"] as const,
  unread: ["messages", "information", "unread"] as const,
  adminGlobal: ["admin", "messages", "global"] as const,
  adminInformation: ["admin", "messages", "information"] as const,
};

export const getGlobalMessage = (signal?: AbortSignal) =>
  api.get<{ message: GlobalMessage | null }>("/api/messages/global", signal);
export const readGlobalMessage = (revision: number) =>
  api.post<void>("/api/messages/global/read", { revision });

export const getInformation = (signal?: AbortSignal) =>
  api.get<InformationList>("/api/messages/information", signal);
export const getInformationUnread = (signal?: AbortSignal) =>
  api.get<InformationUnread>("/api/messages/information/unread", signal);
export const readInformation = () => api.post<void>("/api/messages/information/read");

export const getAdminGlobalMessage = (signal?: AbortSignal) =>
  api.get<{ message: (AdminGlobalMessage & { revision: number }) | null }>(
    "/api/admin/messages/global",
    signal,
  );
export const saveAdminGlobalMessage = (body: AdminGlobalMessage) =>
  api.put<unknown>("/api/admin/messages/global", body);
export const createInformation = (body: InformationInput) =>
  api.post<unknown>("/api/admin/messages/information", body);
export const updateInformation = (id: string, body: InformationInput) =>
  api.put<unknown>(`/api/admin/messages/information/${encodeURIComponent(id)}`, body);
export const deleteInformation = (id: string) =>
  api.delete<void>(`/api/admin/messages/information/${encodeURIComponent(id)}`);
