import type { AdminUserAdjustmentBody, AdminUserLedgerQuery, AdminUserRoleBody } from "@fre/shared";
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type AuditFilters, adminKeys, type RiskFilter } from "../../../lib/admin-access";
import { api } from "../../../lib/api-client";

export { type AuditFilters, adminKeys, type RiskFilter } from "../../../lib/admin-access";

/** A cursor-paged admin list: pages kept while the filters change. */
const pages = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
  placeholderData: keepPreviousData,
  retry: false,
} as const;

/**
 * Users whose nickname, e-mail or referral code starts with `q` (no `q`: everyone); with `risk`,
 * only the accounts at that level, highest score first (the review queue).
 */
export const adminUsersQueryOptions = (q: string, risk?: RiskFilter) =>
  infiniteQueryOptions({
    ...pages,
    queryKey: adminKeys.userList(q, risk),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        "GET /api/admin/users",
        { query: { q: q || undefined, risk, cursor: pageParam } },
        signal,
      ),
  });

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => api.call("GET /api/admin/users/:id", { params: { id } }, signal),
    retry: false,
  });

export type UserLedgerFilters = Omit<AdminUserLedgerQuery, "cursor">;

/** Under the user's own key: an action on the user reads their ledger again. */
export const userLedgerKey = (id: string, filters: UserLedgerFilters) =>
  [...adminKeys.user(id), "ledger", filters] as const;

/** A user's ledger, newest first, 25 a page, by kind and days. */
export const userLedgerQueryOptions = (id: string, filters: UserLedgerFilters) =>
  infiniteQueryOptions({
    ...pages,
    queryKey: userLedgerKey(id, filters),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        "GET /api/admin/users/:id/ledger",
        { params: { id }, query: { ...filters, cursor: pageParam } },
        signal,
      ),
  });

/** The audit log, newest first, filtered. */
export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    ...pages,
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam, signal }) =>
      api.call("GET /api/admin/audit", { query: { ...filters, cursor: pageParam } }, signal),
  });

export const changeUserRole = (id: string, body: AdminUserRoleBody) =>
  api.call("POST /api/admin/users/:id/role", { params: { id }, body });
/** A pending admin role grant: confirmed by a second admin, or cancelled (decision 0049). */
export const confirmRoleGrant = (grantId: string) =>
  api.call("POST /api/admin/role-grants/:id/confirm", { params: { id: grantId } });
export const cancelRoleGrant = (grantId: string) =>
  api.call("POST /api/admin/role-grants/:id/cancel", { params: { id: grantId } });
export const suspendUser = (id: string, reason: string) =>
  api.call("POST /api/admin/users/:id/suspend", { params: { id }, body: { reason } });
export const unsuspendUser = (id: string) =>
  api.call("POST /api/admin/users/:id/unsuspend", { params: { id } });
export const resendUserVerification = (id: string) =>
  api.call("POST /api/admin/users/:id/verification-mail", { params: { id } });

/** A key the server remembers for this one adjustment (a retry moves nothing twice). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/** Credits or debits the user, once per `idempotencyKey` (a retry answers the first result). */
export const adjustUserBalance = (
  id: string,
  body: AdminUserAdjustmentBody,
  idempotencyKey: string,
) =>
  api.call("POST /api/admin/users/:id/adjustments", {
    params: { id },
    headers: { "idempotency-key": idempotencyKey },
    body,
  });
