import type { ReferralReminder, Referrals } from "@fre/shared";
import { api } from "../../../lib/api-client";

export const fetchReferrals = (signal?: AbortSignal) =>
  api.get<Referrals>("/api/referrals", signal);

export const setReferrer = (code: string) => api.post<unknown>("/api/referrals/referrer", { code });

/** Nudges one inactive referral (once a day each; a second try answers 429 with the wait). */
export const remindReferral = (referralId: string) =>
  api.post<ReferralReminder>(`/api/referrals/${encodeURIComponent(referralId)}/remind`);
