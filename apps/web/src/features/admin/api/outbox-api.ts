import { api } from "../../../lib/api-client";

/** A mail kept by the server's outbox transport (GET /api/admin/outbox). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

// Its own file: admin-api.ts ships with the landing (the root layout's exit watcher uses it).
export const outboxKey = (to: string) => ["admin", "outbox", to] as const;

/** Newest first, at most 50; 404 NOT_FOUND when the server sends real mail over SMTP. */
export const getOutbox = (to: string, signal?: AbortSignal) =>
  api.get<OutboxMail[]>(`/api/admin/outbox?${new URLSearchParams({ to })}`, signal);
