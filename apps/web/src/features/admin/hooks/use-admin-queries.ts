import { ADMIN_PENDING_POLL_MS } from "@fre/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isApiError } from "../../../lib/api-client";
import {
  type AdminAccess,
  adminKeys,
  changeAdminCode,
  getAdminAccess,
  getAdminSummary,
  getSecurityLogs,
  requestAdminAccess,
} from "../api/admin-api";
import { adminUsersKeys } from "../api/admin-users-api";

export function useAdminAccess() {
  return useQuery({
    queryKey: adminKeys.access,
    queryFn: ({ signal }) => getAdminAccess(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function setAdminAccess(queryClient: QueryClient, access: AdminAccess): void {
  queryClient.setQueryData(adminKeys.access, access);
}

/** The personal access code: accepted, the console opens (the gate reads the access query). */
export function useRequestAdminAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => requestAdminAccess(code),
    onSuccess: (access) => setAdminAccess(queryClient, access),
  });
}

/** A new personal access code; the security log and the audit log gain a line. */
export function useChangeAdminCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => changeAdminCode(code),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.securityLogs });
      await queryClient.invalidateQueries({ queryKey: adminUsersKeys.auditAll });
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
  const query = useQuery({
    queryKey: adminKeys.summary,
    queryFn: ({ signal }) => getAdminSummary(signal),
    refetchInterval: ADMIN_PENDING_POLL_MS,
    retry: false,
  });
  useDropElevationOn(query.error);
  return query;
}

export function useSecurityLogs() {
  const query = useQuery({
    queryKey: adminKeys.securityLogs,
    queryFn: ({ signal }) => getSecurityLogs(signal),
    retry: false,
  });
  useDropElevationOn(query.error);
  return query;
}
