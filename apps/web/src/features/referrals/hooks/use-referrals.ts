import type { Referrals } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isApiError } from "../../../lib/api-client";
import { invalidateAccount } from "../../../lib/query-keys";
import {
  referralKeys,
  referralsQueryOptions,
  remindReferral,
  setReferrer,
} from "../api/referrals-api";

export function useReferrals() {
  return useQuery({
    ...referralsQueryOptions(),
    // "Active now" changes as referrals start and end sessions.
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
}

export function useSetReferrer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReferrer,
    // The referrer's bonus raises the rate; the group page shows the new referrer.
    onSuccess: () => void invalidateAccount(queryClient),
  });
}

/** Reminds one referral; the list then shows when the next reminder is possible. */
export function useRemindReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindReferral,
    onSuccess: (reminder, referralId) => {
      queryClient.setQueryData<Referrals>(referralKeys.all, (current) =>
        current
          ? {
              ...current,
              referrals: current.referrals.map((referral) =>
                referral.id === referralId
                  ? { ...referral, remindableAt: reminder.remindableAt }
                  : referral,
              ),
            }
          : current,
      );
    },
    onError: (error) => {
      // Already reminded (another tab, another device) or mining meanwhile: show the truth.
      if (isApiError(error)) void queryClient.invalidateQueries({ queryKey: referralKeys.all });
    },
  });
}

/** The clock, re-read every minute: enough for "possible again in 6 hours". */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
