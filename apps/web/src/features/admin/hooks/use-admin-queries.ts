import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { setAdminAccess, useDropElevationOn } from "../../../lib/admin-access";
import {
  adminAccessQueryOptions,
  adminKeys,
  adminSummaryQueryOptions,
  changeAdminCodeMutation,
  pendingRoleGrantsQueryOptions,
  requestAdminAccessMutation,
  securityLogsQueryOptions,
} from "../api/admin-api";

export function useAdminAccess() {
  return useQuery(adminAccessQueryOptions());
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

export function usePendingRoleGrants() {
  const query = useQuery(pendingRoleGrantsQueryOptions());
  useDropElevationOn(query.error);
  return query;
}
