import type { AdminRiskAction, RiskSettings } from "@fre/shared";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { adminKeys } from "../../../lib/admin-access";
import { api } from "../../../lib/api-client";

/**
 * The risk screens' keys (decision 0045). A user's risk sits under the users key: an action on a
 * user (a suspension) reads it again, and its cluster shows the suspension.
 */
export const adminRiskKeys = {
  all: [...adminKeys.all, "risk"] as const,
  settings: () => [...adminRiskKeys.all, "settings"] as const,
  user: (id: string) => [...adminKeys.users, "risk", id] as const,
};

/** The account's score, reasons, restrictions and the accounts sharing a signal with it. */
export const adminUserRiskQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminRiskKeys.user(id),
    queryFn: ({ signal }) => api.call("GET /api/admin/users/:id/risk", { params: { id } }, signal),
    retry: false,
  });

/** Withholds/releases referral bonuses, requires/waives a new KYC, marks reviewed (audited). */
export const riskActionMutation = (id: string) =>
  mutationOptions({
    mutationFn: (action: AdminRiskAction) =>
      api.call("POST /api/admin/users/:id/risk/actions", { params: { id }, body: { action } }),
  });

export const adminRiskSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminRiskKeys.settings(),
    queryFn: ({ signal }) => api.call("GET /api/admin/risk/settings", undefined, signal),
    retry: false,
  });

/** `PUT /api/admin/risk/settings` (audited by the server). */
export const saveRiskSettingsMutation = () =>
  mutationOptions({
    mutationFn: (settings: RiskSettings) =>
      api.call("PUT /api/admin/risk/settings", { body: settings }),
  });

/** Scores every account now; 409 RISK_RUN_BUSY while a run is under way. */
export const runRiskMutation = () =>
  mutationOptions({
    mutationFn: () => api.call("POST /api/admin/risk/run"),
  });
