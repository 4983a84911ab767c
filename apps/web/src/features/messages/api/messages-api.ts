import type { AdminGlobalMessageBody, GlobalMessage, InformationBody } from "@fre/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type MessageType = GlobalMessage["type"];

/**
 * The messages' query keys: the users' under "messages", the admin console's under the admin
 * root (leaving the admin area drops every ["admin", …] query).
 */
export const messageKeys = {
  all: ["messages"] as const,
  global: () => [...messageKeys.all, "global"] as const,
  information: () => [...messageKeys.all, "information"] as const,
  unread: () => [...messageKeys.information(), "unread"] as const,
  admin: ["admin", "messages"] as const,
  adminGlobal: () => [...messageKeys.admin, "global"] as const,
  adminInformation: () => [...messageKeys.admin, "information"] as const,
};

export const globalMessageQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.global(),
    queryFn: ({ signal }) => api.call("GET /api/messages/global", undefined, signal),
  });

export const informationQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.information(),
    queryFn: ({ signal }) => api.call("GET /api/messages/information", undefined, signal),
  });

export const informationUnreadQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => api.call("GET /api/messages/information/unread", undefined, signal),
  });

export const readGlobalMessage = (revision: number) =>
  api.call("POST /api/messages/global/read", { body: { revision } });
export const readInformation = () => api.call("POST /api/messages/information/read");

// ——— admin ———

export const adminGlobalMessageQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.adminGlobal(),
    queryFn: ({ signal }) => api.call("GET /api/admin/messages/global", undefined, signal),
  });

/** The console lists the information messages as users read them, under its own key. */
export const adminInformationQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.adminInformation(),
    queryFn: ({ signal }) => api.call("GET /api/messages/information", undefined, signal),
  });

export const saveAdminGlobalMessage = (body: AdminGlobalMessageBody) =>
  api.call("PUT /api/admin/messages/global", { body });
export const createInformation = (body: InformationBody) =>
  api.call("POST /api/admin/messages/information", { body });
export const updateInformation = (id: string, body: InformationBody) =>
  api.call("PUT /api/admin/messages/information/:id", { params: { id }, body });
export const deleteInformation = (id: string) =>
  api.call("DELETE /api/admin/messages/information/:id", { params: { id } });
