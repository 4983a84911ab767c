import type { AuditQuery, CallOutput, Contracts } from "@fre/shared";
import { api } from "../../../lib/api-client";

// What every page needs (leaving /admin revokes the elevation), apart from the console's API.

/** Whether this session is elevated, and until when. */
export type AdminAccess = CallOutput<Contracts["GET /api/admin/access"]>;

/** The audit log's filters (its query without the page cursor). */
export type AuditFilters = Omit<AuditQuery, "cursor">;

/**
 * The admin console's query keys. Every admin screen's data sits under `all` (other features'
 * admin keys too): leaving /admin drops it all. Keys without a parameter are values (other
 * features invalidate `summary` and `auditAll`), keys with one are functions.
 */
export const adminKeys = {
  all: ["admin"] as const,
  access: ["admin", "access"] as const,
  summary: ["admin", "summary"] as const,
  securityLogs: ["admin", "security-logs"] as const,
  /** Every user list and user page (an action on a user refreshes them all). */
  users: ["admin", "users"] as const,
  userList: (q: string) => [...adminKeys.users, "list", q] as const,
  user: (id: string) => [...adminKeys.users, "detail", id] as const,
  /** Every audit page, whatever its filters (an audited act refreshes them). */
  auditAll: ["admin", "audit"] as const,
  audit: (filters: AuditFilters) => [...adminKeys.auditAll, filters] as const,
};

export const revokeAdminAccess = () => api.call("DELETE /api/admin/access");
