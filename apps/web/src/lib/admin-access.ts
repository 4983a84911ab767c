import type { AdminUsersQuery, AuditQuery, CallOutput, Contracts } from "@fre/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, isApiError } from "./api-client";

// The console's elevation, shared by every feature with an admin screen (they take it from here,
// not from features/admin, whose section list loads their screens: decision 0048). Leaving /admin
// revokes it; a 403 ADMIN_ACCESS_REQUIRED anywhere drops it.

/** Whether this session is elevated, and until when. */
export type AdminAccess = CallOutput<Contracts["GET /api/admin/access"]>;

/** The users list's risk filter (the review queue, decision 0045); undefined: everyone. */
export type RiskFilter = AdminUsersQuery["risk"];

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
  /** Every users list, whatever its search and risk filter. */
  userLists: ["admin", "users", "list"] as const,
  userList: (q: string, risk: RiskFilter) => [...adminKeys.userLists, q, risk ?? "all"] as const,
  user: (id: string) => [...adminKeys.users, "detail", id] as const,
  /** The admin role requests waiting for a second admin (under users: a decision refreshes it). */
  roleGrants: ["admin", "users", "role-grants"] as const,
  /** Every audit page, whatever its filters (an audited act refreshes them). */
  auditAll: ["admin", "audit"] as const,
  audit: (filters: AuditFilters) => [...adminKeys.auditAll, filters] as const,
};

export const revokeAdminAccess = () => api.call("DELETE /api/admin/access");

export function setAdminAccess(queryClient: QueryClient, access: AdminAccess): void {
  queryClient.setQueryData(adminKeys.access, access);
}

/** An expired elevation (403 ADMIN_ACCESS_REQUIRED) sends the admin back to the code form. */
export function useDropElevationOn(error: unknown) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isApiError(error, "ADMIN_ACCESS_REQUIRED")) {
      setAdminAccess(queryClient, { elevated: false, expiresAt: null });
    }
  }, [error, queryClient]);
}
