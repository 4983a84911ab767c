import type { ShopOrder } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { invalidateAccount } from "../../../lib/query-keys";
import { isOpenOrder } from "../shop-logic";
import {
  adminItemsQueryOptions,
  cancelPayment,
  createOrderMutation,
  myOrdersQueryOptions,
  orderQueryOptions,
  resolvePaymentMutation,
  shopKeys,
  shopQueryOptions,
  startPayment,
  unresolvedPaymentsQueryOptions,
  updateAdminItemMutation,
} from "./shop-api";

/** How often the page asks about an order waiting for its TON (the server reads the chain every few seconds). */
export const ORDER_POLL_MS = 3000;

export function useShop() {
  return useQuery(shopQueryOptions());
}

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions());
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createOrderMutation(),
    onSuccess: (order) => queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order),
  });
}

/**
 * One order, asked about every 3 s while it waits for TON; once paid, the account's balance,
 * rate and the shop are read again (the purchase changed them).
 */
export function useOrder(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...orderQueryOptions(id ?? ""),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isOpenOrder(q.state.data) ? ORDER_POLL_MS : false),
  });
  const status = query.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (status === previous.current) return;
    previous.current = status;
    if (status === "paid" || status === "underpaid" || status === "expired") {
      void queryClient.invalidateQueries({ queryKey: shopQueryOptions().queryKey });
      void queryClient.invalidateQueries({
        queryKey: myOrdersQueryOptions().queryKey,
        exact: true,
      });
      if (status === "paid") void invalidateAccount(queryClient);
    }
  }, [status, queryClient]);
  return query;
}

/**
 * An order's payment mark (decision 0059): `start` marks it on its way, `cancel` lifts it once
 * the wallet answered that nothing was sent. Each answer replaces the order on screen; a
 * refusal (or a failed cancel) reads the order again.
 */
export function useOrderPayment() {
  const queryClient = useQueryClient();
  const show = (order: ShopOrder) =>
    queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order);
  const refresh = (id: string) =>
    queryClient.invalidateQueries({ queryKey: orderQueryOptions(id).queryKey, exact: true });
  return {
    start: async (id: string): Promise<ShopOrder> => {
      try {
        const started = await startPayment(id);
        show(started);
        return started;
      } catch (error) {
        void refresh(id);
        throw error;
      }
    },
    cancel: async (id: string): Promise<void> => {
      try {
        show(await cancelPayment(id));
      } catch {
        void refresh(id);
      }
    },
  };
}

/** The console's price change: the items are read again. */
export function useUpdateAdminItem(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateAdminItemMutation(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminItemsQueryOptions().queryKey }),
  });
}

/** Resolving an unmatched payment: the payments and every orders page are read again. */
export function useResolvePayment(txHash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...resolvePaymentMutation(txHash),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unresolvedPaymentsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: shopKeys.adminOrdersAll() }),
      ]),
  });
}
