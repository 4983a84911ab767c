import type { AdminAccessStatus } from "@fre/shared";
import { api } from "../../../lib/api-client";

// What every page needs (leaving /admin revokes the elevation), apart from the console's API.

export type AdminAccess = AdminAccessStatus;

export const adminKeys = {
  all: ["admin"] as const,
  access: ["admin", "access"] as const,
  summary: ["admin", "summary"] as const,
  securityLogs: ["admin", "security-logs"] as const,
};

export const revokeAdminAccess = () => api.delete<void>("/api/admin/access");
