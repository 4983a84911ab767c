import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { fetchLedgerPage, fetchWallet } from "../api/wallet-api";

export function useWallet() {
  return useQuery({ queryKey: queryKeys.wallet, queryFn: ({ signal }) => fetchWallet(signal) });
}

/** Newest first; each page's nextCursor asks for the older ones. */
export function useLedger() {
  return useInfiniteQuery({
    queryKey: queryKeys.ledger,
    queryFn: ({ pageParam, signal }) => fetchLedgerPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
