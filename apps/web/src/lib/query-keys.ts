import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { meQueryKey } from "./session";

/** Query keys shared across features (one feature's event can refresh another's data). */
export const queryKeys = {
  mining: ["mining"] as const,
  referrals: ["referrals"] as const,
  leaderboard: ["leaderboard"] as const,
  wallet: ["wallet"] as const,
  ledger: ["wallet", "ledger"] as const,
  notifications: ["notifications"] as const,
};

/**
 * Everything that shows the user's balance, rate or session: after a claim, a bonus, a
 * validated level or a referrer change, these are stale (the server may also have written a
 * notification). `["wallet"]` covers the ledger.
 */
export const ACCOUNT_QUERY_KEYS: readonly QueryKey[] = [
  meQueryKey,
  queryKeys.mining,
  queryKeys.wallet,
  queryKeys.leaderboard,
  queryKeys.referrals,
  queryKeys.notifications,
];

/**
 * Re-reads the account's data after a change of balance or rate. `except` names keys the
 * caller has just written from the server's own answer (no need to ask again).
 */
export function invalidateAccount(
  queryClient: QueryClient,
  { except = [] }: { except?: readonly QueryKey[] } = {},
): Promise<void> {
  const skipped = new Set(except.map((key) => JSON.stringify(key)));
  return Promise.all(
    ACCOUNT_QUERY_KEYS.filter((key) => !skipped.has(JSON.stringify(key))).map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
