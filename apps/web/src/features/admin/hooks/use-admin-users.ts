import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  type AuditFilters,
  adjustUserBalance,
  adminUsersKeys,
  changeUserRole,
  getAdminUser,
  getAdminUsers,
  getAudit,
  resendUserVerification,
  suspendUser,
  unsuspendUser,
} from "../api/admin-users-api";
import { useDropElevationOn } from "./use-admin-queries";

/** A cursor-paged admin list: pages kept while the filters change, elevation dropped on 403. */
function useAdminPages<Page extends { nextCursor?: string | null }>(
  queryKey: readonly unknown[],
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page>,
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
  useDropElevationOn(query.error);
  return query;
}

export function useAdminUsers(q: string) {
  return useAdminPages(adminUsersKeys.list(q), (cursor, signal) =>
    getAdminUsers(q, cursor, signal),
  );
}

export function useAdminUser(id: string) {
  const query = useQuery({
    queryKey: adminUsersKeys.detail(id),
    queryFn: ({ signal }) => getAdminUser(id, signal),
    retry: false,
  });
  useDropElevationOn(query.error);
  return query;
}

export function useAuditLog(filters: AuditFilters) {
  return useAdminPages(adminUsersKeys.audit(filters), (cursor, signal) =>
    getAudit(filters, cursor, signal),
  );
}

export type UserAction =
  | { kind: "role"; role: "user" | "admin"; reason: string }
  | { kind: "suspend"; reason: string }
  | { kind: "unsuspend" }
  | { kind: "adjust"; amount: string; reason: string; key: string }
  | { kind: "verification" };

function run(id: string, action: UserAction): Promise<unknown> {
  switch (action.kind) {
    case "role":
      return changeUserRole(id, action.role, action.reason);
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

/** One of the user page's actions; the page and the lists are read again after it. */
export function useUserAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => run(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
  });
}
