import type { LedgerPage, Wallet } from "@fre/shared";
import { api } from "../../../lib/api-client";

export const LEDGER_PAGE_SIZE = 20;

export const fetchWallet = (signal?: AbortSignal) => api.get<Wallet>("/api/wallet", signal);

export function fetchLedgerPage(cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(LEDGER_PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  return api.get<LedgerPage>(`/api/wallet/ledger?${query}`, signal);
}
