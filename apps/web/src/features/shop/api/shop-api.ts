import type {
  AdminPaymentResolutionBody,
  AdminShopItemBody,
  CallInput,
  Contracts,
} from "@fre/shared";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The admin order list's filters (`GET /api/admin/shop/orders`'s query). */
export type AdminOrderFilters = NonNullable<
  CallInput<Contracts["GET /api/admin/shop/orders"]>["query"]
>;

/**
 * The shop's query keys: the shop itself is the root (refreshing it refreshes the orders too);
 * the admin screens' data sits under the admin root (leaving the admin area drops it).
 */
export const shopKeys = {
  all: ["shop"] as const,
  orders: () => [...shopKeys.all, "orders"] as const,
  order: (id: string) => [...shopKeys.orders(), id] as const,
  admin: ["admin", "shop"] as const,
  adminItems: () => [...shopKeys.admin, "items"] as const,
  /** Every admin order list, whatever its filters. */
  adminOrdersAll: () => [...shopKeys.admin, "orders"] as const,
  adminOrders: (filters: AdminOrderFilters) => [...shopKeys.adminOrdersAll(), filters] as const,
  adminPayments: () => [...shopKeys.admin, "payments"] as const,
};

export const shopQueryOptions = () =>
  queryOptions({
    queryKey: shopKeys.all,
    queryFn: ({ signal }) => api.call("GET /api/shop", undefined, signal),
  });

export const myOrdersQueryOptions = () =>
  queryOptions({
    queryKey: shopKeys.orders(),
    queryFn: ({ signal }) => api.call("GET /api/shop/orders", undefined, signal),
  });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: shopKeys.order(id),
    queryFn: ({ signal }) => api.call("GET /api/shop/orders/:id", { params: { id } }, signal),
  });

export const createOrderMutation = () =>
  mutationOptions({
    mutationFn: (itemId: string) => api.call("POST /api/shop/orders", { body: { itemId } }),
  });

/** Before the wallet is asked: the server marks the payment on its way (409 while one is). */
export const startPayment = (id: string) =>
  api.call("POST /api/shop/orders/:id/payment", { params: { id } });
/** The wallet refused or failed: nothing is on its way any more. */
export const cancelPayment = (id: string) =>
  api.call("DELETE /api/shop/orders/:id/payment", { params: { id } });

export const adminItemsQueryOptions = () =>
  queryOptions({
    queryKey: shopKeys.adminItems(),
    queryFn: ({ signal }) => api.call("GET /api/admin/shop/items", undefined, signal),
  });

export const updateAdminItemMutation = (id: string) =>
  mutationOptions({
    mutationFn: (body: AdminShopItemBody) =>
      api.call("PATCH /api/admin/shop/items/:id", { params: { id }, body }),
  });

export const adminOrdersQueryOptions = (filters: AdminOrderFilters) =>
  queryOptions({
    queryKey: shopKeys.adminOrders(filters),
    queryFn: ({ signal }) =>
      api.call(
        "GET /api/admin/shop/orders",
        { query: { status: filters.status, itemId: filters.itemId } },
        signal,
      ),
  });

export const unresolvedPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: shopKeys.adminPayments(),
    queryFn: ({ signal }) =>
      api.call("GET /api/admin/shop/payments", { query: { unresolved: "true" } }, signal),
  });

export const resolvePaymentMutation = (txHash: string) =>
  mutationOptions({
    mutationFn: (body: AdminPaymentResolutionBody) =>
      api.call("POST /api/admin/shop/payments/:txHash/resolution", { params: { txHash }, body }),
  });
