import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isApiError } from "../../../lib/api-client";
import {
  type AdminAccess,
  adminAccessQueryOptions,
  adminKeys,
  adminSummaryQueryOptions,
  changeAdminCodeMutation,
  requestAdminAccessMutation,
  securityLogsQueryOptions,
} from "../api/admin-api";

export function useAdminAccess() {
  return useQuery(adminAccessQueryOptions());
}

export function setAdminAccess(queryClient: QueryClient, access: AdminAccess): void {
  queryClient.setQueryData(adminKeys.access, access);
}

/** The personal access code: accepted, the console opens (the gate reads the access query). */
export function useRequestAdminAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    ...requestAdminAccessMutation(),
    onSuccess: (access) => setAdminAccess(queryClient, access),
  });
}

/** A new personal access code; the security log and the audit log gain a line. */
export function useChangeAdminCode() {
  const queryClient = useQueryClient();
  return useMutation({
    ...changeAdminCodeMutation(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.securityLogs });
      await queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    },
  });
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

export function useAdminSummary() {
  const query = useQuery(adminSummaryQueryOptions());
  useDropElevationOn(query.error);
  return query;
}

export function useSecurityLogs() {
  const query = useQuery(securityLogsQueryOptions());
  useDropElevationOn(query.error);
  return query;
}
