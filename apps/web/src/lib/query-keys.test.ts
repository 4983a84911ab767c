import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ACCOUNT_QUERY_KEYS, invalidateAccount, queryKeys } from "./query-keys";
import { meQueryKey } from "./session";

function seeded(keys: readonly QueryKey[]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
  return queryClient;
}

const invalidated = (queryClient: QueryClient, key: QueryKey) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;

describe("invalidateAccount", () => {
  it("covers everything that shows a balance, a rate or a session", () => {
    expect(ACCOUNT_QUERY_KEYS).toEqual(
      expect.arrayContaining([
        meQueryKey,
        queryKeys.mining,
        queryKeys.wallet,
        queryKeys.leaderboard,
        queryKeys.referrals,
        queryKeys.notifications,
      ]),
    );
  });

  it("marks the account's queries stale, the ledger included, and nothing else", async () => {
    const other: QueryKey = ["contest"];
    const queryClient = seeded([...ACCOUNT_QUERY_KEYS, queryKeys.ledger, other]);
    await invalidateAccount(queryClient);
    for (const key of [...ACCOUNT_QUERY_KEYS, queryKeys.ledger]) {
      expect(invalidated(queryClient, key), JSON.stringify(key)).toBe(true);
    }
    expect(invalidated(queryClient, other)).toBe(false);
  });

  it("leaves alone what the caller has just written from the server's answer", async () => {
    const queryClient = seeded(ACCOUNT_QUERY_KEYS);
    await invalidateAccount(queryClient, { except: [queryKeys.mining] });
    expect(invalidated(queryClient, queryKeys.mining)).toBe(false);
    expect(invalidated(queryClient, queryKeys.wallet)).toBe(true);
    expect(invalidated(queryClient, meQueryKey)).toBe(true);
  });
});
