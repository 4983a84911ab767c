import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The group page's query keys, rooted in the cross-feature set (an account change refreshes it). */
export const referralKeys = {
  all: queryKeys.referrals,
};

export const referralsQueryOptions = () =>
  queryOptions({
    queryKey: referralKeys.all,
    queryFn: ({ signal }) => api.call("GET /api/referrals", undefined, signal),
  });

export const setReferrer = (code: string) =>
  api.call("POST /api/referrals/referrer", { body: { code } });

/** Nudges one inactive referral (once a day each; a second try answers 429 with the wait). */
export const remindReferral = (referralId: string) =>
  api.call("POST /api/referrals/:referralId/remind", { params: { referralId } });
