import type { AdminSummary, SecurityLogEntry } from "@fre/shared";
import { api } from "../../../lib/api-client";

export interface AdminAccess {
  elevated: boolean;
  expiresAt: string | null;
}

export const adminKeys = {
  all: ["admin"] as const,
  access: ["admin", "access"] as const,
  summary: ["admin", "summary"] as const,
  securityLogs: ["admin", "security-logs"] as const,
};

export const getAdminAccess = (signal?: AbortSignal) =>
  api.get<AdminAccess>("/api/admin/access", signal);
export const requestAdminAccess = (code: string) =>
  api.post<AdminAccess>("/api/admin/access", { code });
export const revokeAdminAccess = () => api.delete<void>("/api/admin/access");
export const getAdminSummary = (signal?: AbortSignal) =>
  api.get<AdminSummary>("/api/admin/summary", signal);
export const getSecurityLogs = (signal?: AbortSignal) =>
  api.get<{ items: SecurityLogEntry[] }>("/api/admin/security/logs", signal);
export const changeAdminCode = (code: string) =>
  api.put<void>("/api/admin/security/code", { code });
