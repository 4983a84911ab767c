import type { Referrals } from "@fre/shared";
import { api } from "../../../lib/api-client";

export const fetchReferrals = (signal?: AbortSignal) =>
  api.get<Referrals>("/api/referrals", signal);

export const setReferrer = (code: string) => api.post<unknown>("/api/referrals/referrer", { code });
