import { queryOptions } from "@tanstack/react-query";
import { adminKeys } from "../../../lib/admin-access";
import { api } from "../../../lib/api-client";

// Its own file: admin-api.ts ships with the landing (the root layout's exit watcher uses it).

/** The outbox's query keys, one entry per address asked. */
export const outboxKeys = {
  all: [...adminKeys.all, "outbox"] as const,
  mails: (to: string) => [...outboxKeys.all, to] as const,
};

/** Newest first, at most 50; 404 NOT_FOUND when the server sends real mail over SMTP. */
export const getOutbox = (to: string, signal?: AbortSignal) =>
  api.call("GET /api/admin/outbox", { query: { to } }, signal);

/** The mails kept for `to`; nothing is asked until an address is given. */
export const outboxQuery = (to: string | null) =>
  queryOptions({
    queryKey: outboxKeys.mails(to ?? ""),
    queryFn: ({ signal }) => getOutbox(to ?? "", signal),
    enabled: to !== null,
    retry: false,
  });
