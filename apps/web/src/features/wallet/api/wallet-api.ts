import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const LEDGER_PAGE_SIZE = 20;

/**
 * The wallet's query keys, rooted in the cross-feature set (a claim elsewhere refreshes them);
 * the ledger sits under the wallet, so refreshing the wallet refreshes both.
 */
export const walletKeys = {
  all: queryKeys.wallet,
  ledger: () => queryKeys.ledger,
};

export const walletQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.all,
    queryFn: ({ signal }) => api.call("GET /api/wallet", undefined, signal),
  });

/** Newest first; each page's nextCursor asks for the older ones. */
export const ledgerQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: walletKeys.ledger(),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        "GET /api/wallet/ledger",
        { query: { limit: LEDGER_PAGE_SIZE, cursor: pageParam ?? undefined } },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
