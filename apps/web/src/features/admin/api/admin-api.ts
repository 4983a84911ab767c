import type { AdminSummary, SecurityLog } from "@fre/shared";
import { api } from "../../../lib/api-client";
import type { AdminAccess } from "./admin-access-api";

export { type AdminAccess, adminKeys, revokeAdminAccess } from "./admin-access-api";

export const getAdminAccess = (signal?: AbortSignal) =>
  api.get<AdminAccess>("/api/admin/access", signal);
export const requestAdminAccess = (code: string) =>
  api.post<AdminAccess>("/api/admin/access", { code });
export const getAdminSummary = (signal?: AbortSignal) =>
  api.get<AdminSummary>("/api/admin/summary", signal);
export const getSecurityLogs = (signal?: AbortSignal) =>
  api.get<SecurityLog>("/api/admin/security/logs", signal);
export const changeAdminCode = (code: string) =>
  api.put<void>("/api/admin/security/code", { code });
