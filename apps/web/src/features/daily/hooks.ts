import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isApiError } from "../../lib/api-client";
import { invalidateAccount } from "../../lib/query-keys";
import {
  claimDailyMutation,
  dailyKeys,
  dailyQueryOptions,
  updateDailySettingsMutation,
} from "./api/daily-api";

export function useDaily() {
  return useQuery(dailyQueryOptions());
}

/** A claim answers the new state (kept as is); the balance and the rate (day 7) are re-read. */
export function useClaimDaily() {
  const queryClient = useQueryClient();
  return useMutation({
    ...claimDailyMutation(),
    onSuccess: (state) => {
      queryClient.setQueryData(dailyKeys.state(), state);
      void invalidateAccount(queryClient);
    },
    onError: (error) => {
      // Claimed meanwhile (another tab, a double tap): show the state as it is.
      if (isApiError(error)) void queryClient.invalidateQueries({ queryKey: dailyKeys.state() });
    },
  });
}

export function useUpdateDailySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateDailySettingsMutation(),
    onSuccess: (state) => queryClient.setQueryData(dailyKeys.state(), state),
  });
}

/**
 * Milliseconds until `iso`, re-read every `stepMs`; when it is reached the streak is re-read
 * (a new day opens, or today ends).
 */
export function useCountdown(iso: string | undefined, stepMs = 15_000) {
  const queryClient = useQueryClient();
  const target = iso ? Date.parse(iso) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(target)) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= target) {
        void queryClient.invalidateQueries({ queryKey: dailyKeys.state() });
      }
    }, stepMs);
    return () => clearInterval(timer);
  }, [target, stepMs, queryClient]);
  return Number.isNaN(target) ? 0 : Math.max(0, target - now);
}
