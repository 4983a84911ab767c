import type { AdminBonusCode, RedeemResult } from "@fre/shared";
import { api } from "../../../lib/api-client";

export type BonusCodeType = AdminBonusCode["type"];

export interface AdminBonusCodeInput {
  code: string;
  type: BonusCodeType;
  rewardValue: string;
  durationHours?: number;
  maxUses: number;
  isActive: boolean;
}

export type AdminBonusCodeUpdate = Partial<
  Pick<AdminBonusCodeInput, "rewardValue" | "durationHours" | "maxUses" | "isActive">
>;

export const adminBonusCodeKeys = {
  list: ["admin", "bonus-codes"] as const,
};

export const redeemBonusCode = (code: string) =>
  api.post<RedeemResult>("/api/bonus-codes/redeem", { code });

export const listAdminBonusCodes = (signal?: AbortSignal) =>
  api.get<{ items: AdminBonusCode[] }>("/api/admin/bonus-codes", signal);

export const createAdminBonusCode = (input: AdminBonusCodeInput) =>
  api.post<AdminBonusCode>("/api/admin/bonus-codes", input);

export const updateAdminBonusCode = (code: string, patch: AdminBonusCodeUpdate) =>
  api.patch<AdminBonusCode>(`/api/admin/bonus-codes/${encodeURIComponent(code)}`, patch);
