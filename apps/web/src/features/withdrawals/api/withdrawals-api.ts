import type {
  AdminWithdrawal,
  AdminWithdrawalApproveBody,
  AdminWithdrawalList,
  Withdrawal,
  WithdrawalList,
  WithdrawalSettings,
  WithdrawalSettingsBody,
  WithdrawalStatus,
} from "@fre/shared";
import { ApiError, api, networkError } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";
import { storedLanguage } from "../../../lib/languages";

export const withdrawalQueryKeys = {
  mine: ["withdrawals"] as const,
  /** Every admin list of withdrawals (one per status): what a decision makes stale. */
  adminAll: ["admin", "withdrawals", "list"] as const,
  admin: (status: WithdrawalStatus) => ["admin", "withdrawals", "list", status] as const,
  settings: ["admin", "withdrawals", "settings"] as const,
  /** The admin home's pending counts (its key, as the admin feature writes it). */
};

export const fetchMyWithdrawals = (signal?: AbortSignal) =>
  api.get<WithdrawalList>("/api/withdrawals", signal);

/** A key the server remembers for this one request (8–100 of A-Z a-z 0-9 _ -). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; 16 random bytes say as much.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/**
 * `POST /api/withdrawals` with its `Idempotency-Key`: sent again with the same key (a retry
 * after a lost answer), the server answers the first request's result instead of a second hold.
 */
export async function createWithdrawal(amount: string, idempotencyKey: string) {
  let response: Response;
  try {
    response = await fetch("/api/withdrawals", {
      method: "POST",
      credentials: "include",
      headers: {
        Accept: "application/json",
        "Accept-Language": i18n.resolvedLanguage ?? storedLanguage(),
        "Content-Type": "application/json",
        "Idempotency-Key": idempotencyKey,
      },
      body: JSON.stringify({ amount }),
    });
  } catch {
    throw networkError();
  }
  const body = (await response.json().catch(() => null)) as
    | (Withdrawal & { error?: undefined })
    | { error?: unknown; message?: unknown; issues?: ApiError["issues"]; retryAfter?: number }
    | null;
  if (!response.ok) {
    const failure = body as { error?: unknown; message?: unknown; issues?: ApiError["issues"] };
    throw new ApiError(response.status, {
      error: typeof failure?.error === "string" ? failure.error : "HTTP_ERROR",
      message:
        typeof failure?.message === "string" && failure.message
          ? failure.message
          : i18n.t("common:errors.generic"),
      issues: failure?.issues,
    });
  }
  return body as Withdrawal;
}

export const cancelWithdrawal = (id: string) =>
  api.post<Withdrawal>(`/api/withdrawals/${encodeURIComponent(id)}/cancel`);

export const fetchAdminWithdrawals = (status: WithdrawalStatus, signal?: AbortSignal) =>
  api.get<AdminWithdrawalList>(
    `/api/admin/withdrawals?status=${encodeURIComponent(status)}`,
    signal,
  );
/** `expect`: what the admin was shown (their approval is the first of two, or the final one). */
export const approveWithdrawal = (id: string, expect: AdminWithdrawalApproveBody["expect"]) =>
  api.post<AdminWithdrawal>(`/api/admin/withdrawals/${encodeURIComponent(id)}/approve`, {
    expect,
  } satisfies AdminWithdrawalApproveBody);
export const rejectWithdrawal = (id: string, reason: string) =>
  api.post<AdminWithdrawal>(`/api/admin/withdrawals/${encodeURIComponent(id)}/reject`, {
    reason,
  });

export const fetchWithdrawalSettings = (signal?: AbortSignal) =>
  api.get<WithdrawalSettings>("/api/admin/withdrawals/settings", signal);
export const updateWithdrawalSettings = (body: WithdrawalSettingsBody) =>
  api.put<WithdrawalSettings>("/api/admin/withdrawals/settings", body);
