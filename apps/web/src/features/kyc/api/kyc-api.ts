import type {
  AdminKycDecisionBody,
  CallInput,
  CallOutput,
  Contracts,
  KycAddressBody,
  KycDocumentBody,
  KycFileSlot,
  KycIdentityBody,
} from "@fre/shared";
import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { adminKeys } from "../../../lib/admin-access";
import { ApiError, api, networkError } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";
import { storedLanguage } from "../../../lib/languages";

/**
 * The identity check's query keys: the user's own request is the root; the admin screens' data
 * sits under the admin root (leaving the admin area drops it).
 */
export const kycKeys = {
  all: ["kyc"] as const,
  admin: ["admin", "kyc"] as const,
  /** Every tab of the admins' queue (a decision moves a request from one to another). */
  adminQueues: () => [...kycKeys.admin, "queue"] as const,
  adminQueue: (query: AdminKycQueueQuery) => [...kycKeys.adminQueues(), query] as const,
  adminRequest: (userId: string) => [...kycKeys.admin, "request", userId] as const,
  adminPhoto: (userId: string, slot: string) => [...kycKeys.admin, "photo", userId, slot] as const,
};

export type KycUploaded = CallOutput<Contracts["POST /api/kyc/files/:slot"]>;
/** `GET /api/admin/kyc`'s query without its page (status, sort, balance range). */
export type AdminKycQueueQuery = Omit<
  NonNullable<CallInput<Contracts["GET /api/admin/kyc"]>["query"]>,
  "limit" | "offset"
>;

export const kycQueryOptions = () =>
  queryOptions({
    queryKey: kycKeys.all,
    queryFn: ({ signal }) => api.call("GET /api/kyc", undefined, signal),
  });

export const saveIdentityMutation = () =>
  mutationOptions({
    mutationFn: (body: KycIdentityBody) => api.call("PUT /api/kyc/identity", { body }),
  });
export const saveAddressMutation = () =>
  mutationOptions({
    mutationFn: (body: KycAddressBody) => api.call("PUT /api/kyc/address", { body }),
  });
export const saveDocumentMutation = () =>
  mutationOptions({
    mutationFn: (body: KycDocumentBody) => api.call("PUT /api/kyc/documents", { body }),
  });
export const submitKycMutation = () =>
  mutationOptions({ mutationFn: () => api.call("POST /api/kyc/submit") });

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

/** The queue a page at a time (« Afficher plus » asks the next one). */
export const adminKycQueueQueryOptions = (query: AdminKycQueueQuery) =>
  infiniteQueryOptions({
    queryKey: kycKeys.adminQueue(query),
    queryFn: ({ signal, pageParam }) =>
      api.call("GET /api/admin/kyc", { query: { ...query, offset: pageParam } }, signal),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextOffset ?? undefined,
  });

/** Tells the other admins this one has the request open; answers who else has. */
export const openKycRequestMutation = (userId: string) =>
  mutationOptions({
    mutationFn: () => api.call("POST /api/admin/kyc/:userId/open", { params: { userId } }),
  });

/**
 * Each read is an audited view of the identity: opened once, not again on every focus of the
 * window (a decision refetches it on purpose).
 */
export const adminKycRequestQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: kycKeys.adminRequest(userId),
    queryFn: ({ signal }) => api.call("GET /api/admin/kyc/:userId", { params: { userId } }, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const decideKycMutation = (userId: string) =>
  mutationOptions({
    mutationFn: (body: AdminKycDecisionBody) =>
      api.call("POST /api/admin/kyc/:userId/decision", { params: { userId }, body }),
  });

/**
 * A document photo (`GET /api/admin/kyc/:userId/files/:slot`): bytes, as a Blob. Each view is
 * logged server-side (the API answers no-store); the bytes are dropped from memory once unused.
 */
export const adminKycPhotoQueryOptions = (userId: string, slot: KycFileSlot) =>
  queryOptions({
    queryKey: kycKeys.adminPhoto(userId, slot),
    queryFn: ({ signal }) =>
      api.call("GET /api/admin/kyc/:userId/files/:slot", { params: { userId, slot } }, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

/** Opens the request for this admin (the answer says who else has it open). */
export const useOpenKycRequest = (userId: string) => useMutation(openKycRequestMutation(userId));

/**
 * Approves or rejects: the answer replaces the request, and the queues and the console's
 * counters are read again (the request moved from one tab to another).
 */
export function useDecideKyc(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...decideKycMutation(userId),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminKycRequestQueryOptions(userId).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: kycKeys.adminQueues() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.summary });
    },
  });
}
