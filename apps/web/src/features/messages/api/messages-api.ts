import type {
  AdminGlobalMessageAnswer,
  AdminGlobalMessageBody,
  AdminGlobalMessageSaved,
  AdminInformationMessage,
  GlobalMessage,
  GlobalMessageAnswer,
  InformationBody,
  InformationList,
  InformationUnread,
} from "@fre/shared";
import { api } from "../../../lib/api-client";

export type MessageType = GlobalMessage["type"];

export const messageKeys = {
  global: ["messages", "global"] as const,
  information: ["messages", "information"] as const,
  unread: ["messages", "information", "unread"] as const,
  adminGlobal: ["admin", "messages", "global"] as const,
  adminInformation: ["admin", "messages", "information"] as const,
};

export const getGlobalMessage = (signal?: AbortSignal) =>
  api.get<GlobalMessageAnswer>("/api/messages/global", signal);
export const readGlobalMessage = (revision: number) =>
  api.post<void>("/api/messages/global/read", { revision });

export const getInformation = (signal?: AbortSignal) =>
  api.get<InformationList>("/api/messages/information", signal);
export const getInformationUnread = (signal?: AbortSignal) =>
  api.get<InformationUnread>("/api/messages/information/unread", signal);
export const readInformation = () => api.post<void>("/api/messages/information/read");

export const getAdminGlobalMessage = (signal?: AbortSignal) =>
  api.get<AdminGlobalMessageAnswer>("/api/admin/messages/global", signal);
export const saveAdminGlobalMessage = (body: AdminGlobalMessageBody) =>
  api.put<AdminGlobalMessageSaved>("/api/admin/messages/global", body);
export const createInformation = (body: InformationBody) =>
  api.post<AdminInformationMessage>("/api/admin/messages/information", body);
export const updateInformation = (id: string, body: InformationBody) =>
  api.put<AdminInformationMessage>(
    `/api/admin/messages/information/${encodeURIComponent(id)}`,
    body,
  );
export const deleteInformation = (id: string) =>
  api.delete<void>(`/api/admin/messages/information/${encodeURIComponent(id)}`);
