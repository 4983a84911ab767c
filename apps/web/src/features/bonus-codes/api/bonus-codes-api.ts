import type { CallInput, CallOutput, Contracts } from "@fre/shared";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type BonusCodeType = CallOutput<Contracts["POST /api/bonus-codes/redeem"]>["type"];
/** A new code as sent: the server fills in durationHours (24) and isActive (true) if absent. */
export type AdminBonusCodeInput = CallInput<Contracts["POST /api/admin/bonus-codes"]>["body"];
export type AdminBonusCodeUpdate = CallInput<
  Contracts["PATCH /api/admin/bonus-codes/:code"]
>["body"];

/**
 * The bonus codes' query keys: only the admin screen reads any, under the admin root (leaving
 * the admin area drops them); redeeming refreshes the account's keys instead.
 */
export const bonusCodeKeys = {
  all: ["admin", "bonus-codes"] as const,
  adminList: () => [...bonusCodeKeys.all, "list"] as const,
};

export const redeemBonusCodeMutation = () =>
  mutationOptions({
    mutationFn: (code: string) => api.call("POST /api/bonus-codes/redeem", { body: { code } }),
  });

export const adminBonusCodesQueryOptions = () =>
  queryOptions({
    queryKey: bonusCodeKeys.adminList(),
    queryFn: ({ signal }) => api.call("GET /api/admin/bonus-codes", undefined, signal),
    retry: false,
  });

export const createAdminBonusCodeMutation = () =>
  mutationOptions({
    mutationFn: (body: AdminBonusCodeInput) => api.call("POST /api/admin/bonus-codes", { body }),
  });

export const updateAdminBonusCodeMutation = () =>
  mutationOptions({
    mutationFn: ({ code, patch }: { code: string; patch: AdminBonusCodeUpdate }) =>
      api.call("PATCH /api/admin/bonus-codes/:code", { params: { code }, body: patch }),
  });
