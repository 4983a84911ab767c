import { ADMIN_PENDING_POLL_MS } from "@fre/shared";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { adminKeys } from "../../../lib/admin-access";
import { api } from "../../../lib/api-client";

export { type AdminAccess, adminKeys, revokeAdminAccess } from "../../../lib/admin-access";

/** Whether this session is elevated: read once, then written by the code form's answer. */
export const adminAccessQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.access,
    queryFn: ({ signal }) => api.call("GET /api/admin/access", undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const requestAdminAccessMutation = () =>
  mutationOptions({
    mutationFn: (code: string) => api.call("POST /api/admin/access", { body: { code } }),
  });

/** What waits for the team, polled while the console is open. */
export const adminSummaryQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.summary,
    queryFn: ({ signal }) => api.call("GET /api/admin/summary", undefined, signal),
    refetchInterval: ADMIN_PENDING_POLL_MS,
    retry: false,
  });

/** The admin role requests waiting for a second admin, polled as the summary is. */
export const pendingRoleGrantsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.roleGrants,
    queryFn: ({ signal }) => api.call("GET /api/admin/role-grants", undefined, signal),
    refetchInterval: ADMIN_PENDING_POLL_MS,
    retry: false,
  });

export const securityLogsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.securityLogs,
    queryFn: ({ signal }) => api.call("GET /api/admin/security/logs", undefined, signal),
    retry: false,
  });

export const changeAdminCodeMutation = () =>
  mutationOptions({
    mutationFn: (code: string) => api.call("PUT /api/admin/security/code", { body: { code } }),
  });
