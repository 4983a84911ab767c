import type {
  AdminBonusCode,
  AdminBonusCodeList,
  AdminBonusCodeUpdate,
  adminBonusCodeBodySchema,
  RedeemResult,
} from "@fre/shared";
import { api } from "../../../lib/api-client";
import type { SchemaInput } from "../../../lib/schema-input";

export type BonusCodeType = AdminBonusCode["type"];
/** A new code as sent: the server fills in durationHours (24) and isActive (true) if absent. */
export type AdminBonusCodeInput = SchemaInput<typeof adminBonusCodeBodySchema>;
export type { AdminBonusCodeUpdate };

export const adminBonusCodeKeys = {
  list: ["admin", "bonus-codes"] as const,
};

export const redeemBonusCode = (code: string) =>
  api.post<RedeemResult>("/api/bonus-codes/redeem", { code });

export const listAdminBonusCodes = (signal?: AbortSignal) =>
  api.get<AdminBonusCodeList>("/api/admin/bonus-codes", signal);

export const createAdminBonusCode = (input: AdminBonusCodeInput) =>
  api.post<AdminBonusCode>("/api/admin/bonus-codes", input);

export const updateAdminBonusCode = (code: string, patch: AdminBonusCodeUpdate) =>
  api.patch<AdminBonusCode>(`/api/admin/bonus-codes/${encodeURIComponent(code)}`, patch);
