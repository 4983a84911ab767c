/**
 * On a signed-in screen, public/boot.js asked for the screen's first reads with the HTML.
 * Before the app's first render their answers go into the query cache, under the keys and
 * with the functions the screens use themselves, so a screen appears whole at once — no
 * spinner, then the content pushing the footer down — instead of asking once it has mounted.
 * Loaded only when boot.js sent something (never on the landing).
 */
import type { QueryClient } from "@tanstack/react-query";
import { leaderboardQueryOptions } from "../features/leaderboard/api/leaderboard-api";
import {
  globalMessageQueryOptions,
  informationUnreadQueryOptions,
} from "../features/messages/api/messages-api";
import { miningQueryOptions } from "../features/mining/api/mining-api";
import { notificationsQueryOptions } from "../features/notifications/api/notifications-api";
import { referralsQueryOptions } from "../features/referrals/api/referrals-api";
import { tonConfigQueryOptions } from "../features/ton/api/ton-api";
import { ledgerQueryOptions, walletQueryOptions } from "../features/wallet/api/wallet-api";
import { hasEarlyRequest } from "../lib/api-client";
import { meQuery } from "../lib/session";

/** Past this, the app renders anyway; late answers still land in the cache. */
export const EARLY_DATA_WAIT_MS = 2_000;

type Seed = (client: QueryClient) => Promise<void>;

/** Each early read (boot.js's URL) and how its screen keeps it. */
const SEEDS: Record<string, Seed> = {
  "/api/me": (client) => client.prefetchQuery(meQuery),
  "/api/mining": (client) => client.prefetchQuery(miningQueryOptions()),
  "/api/leaderboard": (client) => client.prefetchQuery(leaderboardQueryOptions()),
  "/api/wallet": (client) => client.prefetchQuery(walletQueryOptions()),
  "/api/wallet/ledger?limit=20": (client) => client.prefetchInfiniteQuery(ledgerQueryOptions()),
  // The TON card's chain facts (it shows its buttons from them before the widget loads).
  "/api/ton/config": (client) => client.prefetchQuery(tonConfigQueryOptions()),
  "/api/referrals": (client) => client.prefetchQuery(referralsQueryOptions()),
  "/api/notifications": (client) => client.prefetchQuery(notificationsQueryOptions()),
  "/api/messages/global": (client) => client.prefetchQuery(globalMessageQueryOptions()),
  "/api/messages/information/unread": (client) =>
    client.prefetchQuery(informationUnreadQueryOptions()),
};

/** The URLs this module knows how to keep (route-preload.test.ts checks boot.js asks no other). */
export const SEEDED_URLS = Object.keys(SEEDS);

/**
 * Puts every early answer in the cache; resolves when all are in, or after
 * EARLY_DATA_WAIT_MS. A failed read is left for its screen to show (and retry).
 */
export async function seedEarlyData(client: QueryClient): Promise<void> {
  const seeds = Object.entries(SEEDS)
    .filter(([url]) => hasEarlyRequest(url))
    .map(([, seed]) => seed(client));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(seeds),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, EARLY_DATA_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}
