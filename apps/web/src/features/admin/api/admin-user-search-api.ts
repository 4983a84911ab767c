import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { adminKeys } from "../../../lib/admin-access";
import { api } from "../../../lib/api-client";

/** The header search's keys: under `users`, so an action on a user refreshes them too. */
export const adminUserSearchKeys = {
  search: (q: string) => [...adminKeys.users, "search", q] as const,
};

/** The console's quick search (decision 0057): ten users at most, best match first. */
export const adminUserSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminUserSearchKeys.search(q),
    queryFn: ({ signal }) => api.call("GET /api/admin/user-search", { query: { q } }, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
