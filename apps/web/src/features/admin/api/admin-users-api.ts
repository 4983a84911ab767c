import type {
  AdminUserAdjustment,
  AdminUserDetail,
  AdminUserList,
  AuditPage,
  AuditQuery,
} from "@fre/shared";
import { ApiError, api, networkError } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";
import { storedLanguage } from "../../../lib/languages";

export const adminUsersKeys = {
  all: ["admin", "users"] as const,
  list: (q: string) => ["admin", "users", "list", q] as const,
  detail: (id: string) => ["admin", "users", "detail", id] as const,
  auditAll: ["admin", "audit"] as const,
  audit: (filters: AuditFilters) => ["admin", "audit", filters] as const,
};

export type AuditFilters = Omit<AuditQuery, "cursor">;

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
};

export const getAdminUsers = (q: string, cursor: string | undefined, signal?: AbortSignal) =>
  api.get<AdminUserList>(`/api/admin/users${query({ q, cursor })}`, signal);
export const getAdminUser = (id: string, signal?: AbortSignal) =>
  api.get<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, signal);
export const getAudit = (filters: AuditFilters, cursor: string | undefined, signal?: AbortSignal) =>
  api.get<AuditPage>(`/api/admin/audit${query({ ...filters, cursor })}`, signal);

const userUrl = (id: string, action: string) =>
  `/api/admin/users/${encodeURIComponent(id)}/${action}`;

export const changeUserRole = (id: string, role: "user" | "admin", reason: string) =>
  api.post<AdminUserDetail>(userUrl(id, "role"), { role, reason });
export const suspendUser = (id: string, reason: string) =>
  api.post<AdminUserDetail>(userUrl(id, "suspend"), { reason });
export const unsuspendUser = (id: string) => api.post<AdminUserDetail>(userUrl(id, "unsuspend"));
export const resendUserVerification = (id: string) =>
  api.post<void>(userUrl(id, "verification-mail"));

/** A key the server remembers for this one adjustment (a retry moves nothing twice). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/** `POST …/adjustments` with its `Idempotency-Key` header (the shared client sends none). */
export async function adjustUserBalance(
  id: string,
  body: { amount: string; reason: string },
  idempotencyKey: string,
): Promise<AdminUserAdjustment> {
  let response: Response;
  try {
    response = await fetch(userUrl(id, "adjustments"), {
      method: "POST",
      credentials: "include",
      headers: {
        Accept: "application/json",
        "Accept-Language": i18n.resolvedLanguage ?? storedLanguage(),
        "Content-Type": "application/json",
        "Idempotency-Key": idempotencyKey,
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw networkError();
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    throw new ApiError(response.status, {
      error: typeof answer?.error === "string" ? answer.error : "HTTP_ERROR",
      message:
        typeof answer?.message === "string" && answer.message
          ? answer.message
          : i18n.t("common:errors.generic"),
      issues: answer?.issues as ApiError["issues"],
    });
  }
  return answer as unknown as AdminUserAdjustment;
}
