import type {
  AdminPaymentResolutionBody,
  AdminShopItemBody,
  AdminShopOrders,
  AdminShopPayment,
  Shop,
  ShopItem,
  ShopOrder,
  ShopOrderList,
} from "@fre/shared";
import { api } from "../../../lib/api-client";

export const shopQueryKeys = {
  shop: ["shop"] as const,
  orders: ["shop", "orders"] as const,
  order: (id: string) => ["shop", "orders", id] as const,
  adminItems: ["admin", "shop", "items"] as const,
  /** Every admin order list, whatever its filters. */
  adminOrdersAll: ["admin", "shop", "orders"] as const,
  adminOrders: (filters: { status?: string; itemId?: string }) =>
    ["admin", "shop", "orders", filters] as const,
  adminPayments: ["admin", "shop", "payments"] as const,
};

export const fetchShop = (signal?: AbortSignal) => api.get<Shop>("/api/shop", signal);
export const fetchMyOrders = (signal?: AbortSignal) =>
  api.get<ShopOrderList>("/api/shop/orders", signal);
export const fetchOrder = (id: string, signal?: AbortSignal) =>
  api.get<ShopOrder>(`/api/shop/orders/${encodeURIComponent(id)}`, signal);
export const createOrder = (itemId: string) => api.post<ShopOrder>("/api/shop/orders", { itemId });

export const fetchAdminItems = (signal?: AbortSignal) =>
  api.get<Shop>("/api/admin/shop/items", signal);
export const updateAdminItem = (id: string, body: AdminShopItemBody) =>
  api.patch<ShopItem>(`/api/admin/shop/items/${encodeURIComponent(id)}`, body);
export function fetchAdminOrders(
  filters: { status?: string; itemId?: string },
  signal?: AbortSignal,
) {
  const query = new URLSearchParams();
  if (filters.status) query.set("status", filters.status);
  if (filters.itemId) query.set("itemId", filters.itemId);
  const suffix = query.size > 0 ? `?${query}` : "";
  return api.get<AdminShopOrders>(`/api/admin/shop/orders${suffix}`, signal);
}
export const fetchUnresolvedPayments = (signal?: AbortSignal) =>
  api.get<{ items: AdminShopPayment[] }>("/api/admin/shop/payments?unresolved=true", signal);
export const resolvePayment = (txHash: string, body: AdminPaymentResolutionBody) =>
  api.post<AdminShopPayment>(
    `/api/admin/shop/payments/${encodeURIComponent(txHash)}/resolution`,
    body,
  );
