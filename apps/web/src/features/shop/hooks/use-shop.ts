import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { invalidateAccount } from "../../../lib/query-keys";
import {
  createOrderMutation,
  myOrdersQueryOptions,
  orderQueryOptions,
  shopKeys,
  shopQueryOptions,
} from "../api/shop-api";
import { isOpenOrder } from "../shop-logic";

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
    onSuccess: (order) => queryClient.setQueryData(shopKeys.order(order.id), order),
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
      void queryClient.invalidateQueries({ queryKey: shopKeys.all });
      void queryClient.invalidateQueries({ queryKey: shopKeys.orders(), exact: true });
      if (status === "paid") void invalidateAccount(queryClient);
    }
  }, [status, queryClient]);
  return query;
}
