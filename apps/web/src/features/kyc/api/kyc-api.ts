import type {
  AdminKycDecisionBody,
  AdminKycList,
  AdminKycRequest,
  KycAddressBody,
  KycDocumentBody,
  KycFileSlot,
  KycIdentityBody,
  KycState,
} from "@fre/shared";
import { ApiError, api, networkError } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";
import { storedLanguage } from "../../../lib/languages";

export const kycQueryKeys = {
  mine: ["kyc"] as const,
  /** Every tab of the admins' queue (a decision moves a request from one to another). */
  adminQueues: ["admin", "kyc", "queue"] as const,
  adminQueue: (status: string) => ["admin", "kyc", "queue", status] as const,
  adminRequest: (userId: string) => ["admin", "kyc", "request", userId] as const,
  adminPhoto: (url: string) => ["admin", "kyc", "photo", url] as const,
};

export type KycUploaded = { slot: KycFileSlot; contentType: string; size: number };

export const fetchKyc = (signal?: AbortSignal) => api.get<KycState>("/api/kyc", signal);
export const saveIdentity = (body: KycIdentityBody) => api.put<KycState>("/api/kyc/identity", body);
export const saveAddress = (body: KycAddressBody) => api.put<KycState>("/api/kyc/address", body);
export const saveDocument = (body: KycDocumentBody) =>
  api.put<KycState>("/api/kyc/documents", body);
export const submitKyc = () => api.post<KycState>("/api/kyc/submit");

function errorOf(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown; message?: unknown };
    if (typeof body.error === "string") {
      return new ApiError(xhr.status, {
        error: body.error,
        message:
          typeof body.message === "string" && body.message
            ? body.message
            : i18n.t("common:errors.generic"),
      });
    }
  } catch {
    // Not JSON: a proxy's page; the generic message says enough.
  }
  return new ApiError(xhr.status, {
    error: "HTTP_ERROR",
    message: i18n.t("common:errors.generic"),
  });
}

/**
 * `POST /api/kyc/files/:slot` (multipart field `file`). XMLHttpRequest rather than fetch: only
 * it reports the upload's progress. `onProgress` receives 0 to 1.
 */
export function uploadKycFile(
  slot: KycFileSlot,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<KycUploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/kyc/files/${encodeURIComponent(slot)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Accept-Language", i18n.resolvedLanguage ?? storedLanguage());
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as KycUploaded);
        } catch {
          reject(errorOf(xhr));
        }
      } else {
        reject(errorOf(xhr));
      }
    });
    xhr.addEventListener("error", () => reject(networkError()));
    xhr.addEventListener("abort", () =>
      reject(new DOMException("The operation was aborted.", "AbortError")),
    );
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}

export const fetchAdminKycQueue = (status: string, signal?: AbortSignal) =>
  api.get<AdminKycList>(`/api/admin/kyc?status=${encodeURIComponent(status)}`, signal);
export const fetchAdminKycRequest = (userId: string, signal?: AbortSignal) =>
  api.get<AdminKycRequest>(`/api/admin/kyc/${encodeURIComponent(userId)}`, signal);
export const decideKyc = (userId: string, body: AdminKycDecisionBody) =>
  api.post<AdminKycRequest>(`/api/admin/kyc/${encodeURIComponent(userId)}/decision`, body);

/** A document photo's bytes, for an elevated admin only (never cached by the browser). */
export async function fetchAdminKycPhoto(url: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: "include",
      cache: "no-store",
      headers: { "Accept-Language": i18n.resolvedLanguage ?? storedLanguage() },
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw networkError();
  }
  if (!response.ok) {
    let body: { error?: unknown; message?: unknown } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, {
      error: typeof body.error === "string" ? body.error : "HTTP_ERROR",
      message: typeof body.message === "string" ? body.message : i18n.t("common:errors.generic"),
    });
  }
  return response.blob();
}
