import type { Me } from "@fre/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api, hasEarlyRequest, isNetworkError } from "./api-client";
import { readStored, STORAGE_KEYS, writeStored } from "./storage";

export type { Me };

/**
 * The signed-in user, or null for a visitor. A browser with no sign-in hint asks
 * get-session first (200 null for visitors) so a visitor's page logs no failed request —
 * unless the boot script already asked /api/me with the HTML (a signed-in screen's address).
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  if (!hasSignedInHint() && !hasEarlyRequest("/api/me")) {
    const session = await api.call("GET /api/auth/get-session", undefined, signal);
    if (!session) return null;
  }
  try {
    const me = await api.call("GET /api/me", undefined, signal);
    writeStored(STORAGE_KEYS.signedInHint, "1");
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      writeStored(STORAGE_KEYS.signedInHint, null);
      return null;
    }
    throw error;
  }
}

export const meQueryKey = ["me"] as const;

export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 30_000,
  retry: (failureCount, error) =>
    !(error instanceof ApiError && error.status > 0 && error.status < 500) &&
    !offlineFailure(error) &&
    failureCount < 2,
});

/** A request that got no answer while the browser says it is offline. */
export function offlineFailure(error: unknown): boolean {
  return isNetworkError(error) && typeof navigator !== "undefined" && !navigator.onLine;
}

export function useMe() {
  return useQuery(meQuery);
}

/** True when this browser signed in before: the landing then waits for /api/me. */
export function hasSignedInHint(): boolean {
  return readStored(STORAGE_KEYS.signedInHint) === "1";
}

export function setMe(queryClient: QueryClient, me: Me | null): void {
  queryClient.setQueryData(meQueryKey, me);
}

let signedOutAt = 0;

/** True right after an explicit sign-out: guards then send to /login without a return path. */
export function justSignedOut(): boolean {
  return Date.now() - signedOutAt < 5000;
}

/** Forgets everything about the previous user (after sign-out). */
export function clearSession(queryClient: QueryClient): void {
  signedOutAt = Date.now();
  writeStored(STORAGE_KEYS.signedInHint, null);
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, null);
}
