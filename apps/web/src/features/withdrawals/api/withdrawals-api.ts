import type {
  AdminWithdrawalApproveBody,
  CallInput,
  Contracts,
  WithdrawalSettingsBody,
} from "@fre/shared";
import { infiniteQueryOptions, mutationOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * The withdrawals' query keys: the user's own list is the root; the admin screens' data sits
 * under the admin root (leaving the admin area drops it).
 */
export const withdrawalKeys = {
  all: ["withdrawals"] as const,
  admin: ["admin", "withdrawals"] as const,
  /** Every admin list of withdrawals (one per status and filter): what a decision makes stale. */
  adminLists: () => [...withdrawalKeys.admin, "list"] as const,
  adminList: (query: AdminWithdrawalsQuery) => [...withdrawalKeys.adminLists(), query] as const,
  settings: () => [...withdrawalKeys.admin, "settings"] as const,
};

export const myWithdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: withdrawalKeys.all,
    queryFn: ({ signal }) => api.call("GET /api/withdrawals", undefined, signal),
  });

/** A key the server remembers for this one request (8–100 of A-Z a-z 0-9 _ -). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; 16 random bytes say as much.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/**
 * `POST /api/withdrawals` with its `Idempotency-Key`: sent again with the same key (a retry
 * after a lost answer), the server answers the first request's result instead of a second hold.
 */
export const createWithdrawalMutation = () =>
  mutationOptions({
    mutationFn: ({ amount, key }: { amount: string; key: string }) =>
      api.call("POST /api/withdrawals", { headers: { "idempotency-key": key }, body: { amount } }),
  });

export const cancelWithdrawalMutation = () =>
  mutationOptions({
    mutationFn: (id: string) => api.call("POST /api/withdrawals/:id/cancel", { params: { id } }),
  });

/** `GET /api/admin/withdrawals`'s query without its page (status, sort, filters). */
export type AdminWithdrawalsQuery = Omit<
  NonNullable<CallInput<Contracts["GET /api/admin/withdrawals"]>["query"]>,
  "limit" | "offset"
>;

/** The queue a page at a time (« Afficher plus » asks the next one). */
export const adminWithdrawalsQueryOptions = (query: AdminWithdrawalsQuery) =>
  infiniteQueryOptions({
    queryKey: withdrawalKeys.adminList(query),
    queryFn: ({ signal, pageParam }) =>
      api.call("GET /api/admin/withdrawals", { query: { ...query, offset: pageParam } }, signal),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextOffset ?? undefined,
  });

/** Tells the other admins this one has the request open; answers who else has. */
export const openWithdrawalMutation = (id: string) =>
  mutationOptions({
    mutationFn: () => api.call("POST /api/admin/withdrawals/:id/open", { params: { id } }),
  });

/** `expect`: what the admin was shown (their approval is the first of two, or the final one). */
export const approveWithdrawalMutation = (id: string) =>
  mutationOptions({
    mutationFn: (expect: AdminWithdrawalApproveBody["expect"]) =>
      api.call("POST /api/admin/withdrawals/:id/approve", { params: { id }, body: { expect } }),
  });

export const rejectWithdrawalMutation = (id: string) =>
  mutationOptions({
    mutationFn: (reason: string) =>
      api.call("POST /api/admin/withdrawals/:id/reject", { params: { id }, body: { reason } }),
  });

export const withdrawalSettingsQueryOptions = () =>
  queryOptions({
    queryKey: withdrawalKeys.settings(),
    queryFn: ({ signal }) => api.call("GET /api/admin/withdrawals/settings", undefined, signal),
  });

export const updateWithdrawalSettingsMutation = () =>
  mutationOptions({
    mutationFn: (body: WithdrawalSettingsBody) =>
      api.call("PUT /api/admin/withdrawals/settings", { body }),
  });
