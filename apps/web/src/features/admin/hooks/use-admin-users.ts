import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDropElevationOn } from "../../../lib/admin-access";
import {
  type AuditFilters,
  adjustUserBalance,
  adminKeys,
  adminUserQueryOptions,
  adminUsersQueryOptions,
  auditQueryOptions,
  cancelRoleGrant,
  changeUserRole,
  confirmRoleGrant,
  type RiskFilter,
  resendUserVerification,
  suspendUser,
  type UserLedgerFilters,
  unsuspendUser,
  userLedgerQueryOptions,
} from "../api/admin-users-api";

export function useAdminUsers(q: string, risk?: RiskFilter) {
  const query = useInfiniteQuery(adminUsersQueryOptions(q, risk));
  useDropElevationOn(query.error);
  return query;
}

/** The users list's search for a picker: asks nothing until two characters are typed. */
export function useAdminUserSearch(q: string) {
  const query = useInfiniteQuery({ ...adminUsersQueryOptions(q), enabled: q.length >= 2 });
  useDropElevationOn(query.error);
  return query;
}

export function useUserLedger(id: string, filters: UserLedgerFilters) {
  const query = useInfiniteQuery(userLedgerQueryOptions(id, filters));
  useDropElevationOn(query.error);
  return query;
}

export function useAdminUser(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...adminUserQueryOptions(id), enabled });
  useDropElevationOn(query.error);
  return query;
}

export function useAuditLog(filters: AuditFilters) {
  const query = useInfiniteQuery(auditQueryOptions(filters));
  useDropElevationOn(query.error);
  return query;
}

export type UserAction =
  | { kind: "role"; role: "user" | "admin"; reason: string }
  | { kind: "grantConfirm"; grantId: string }
  | { kind: "grantCancel"; grantId: string }
  | { kind: "suspend"; reason: string }
  | { kind: "unsuspend" }
  | { kind: "adjust"; amount: string; reason: string; key: string }
  | { kind: "verification" };

function run(id: string, action: UserAction): Promise<unknown> {
  switch (action.kind) {
    case "role":
      return changeUserRole(id, { role: action.role, reason: action.reason });
    case "grantConfirm":
      return confirmRoleGrant(action.grantId);
    case "grantCancel":
      return cancelRoleGrant(action.grantId);
    case "suspend":
      return suspendUser(id, action.reason);
    case "unsuspend":
      return unsuspendUser(id);
    case "adjust":
      return adjustUserBalance(id, { amount: action.amount, reason: action.reason }, action.key);
    case "verification":
      return resendUserVerification(id);
  }
}

/**
 * One of the user page's actions; the page and the lists are read again after it — after a
 * refusal too (another admin may have confirmed or ended the role grant meanwhile).
 */
export function useUserAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => run(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
