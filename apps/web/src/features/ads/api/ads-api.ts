import type { AdCreateBody, AdminAd, AdPlacement, AdUpdateBody } from "@fre/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, networkError, urlOf } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";
import { storedLanguage } from "../../../lib/languages";

/** The ads' query keys; the admin's list sits under the admin root (leaving the console drops it). */
export const adsKeys = {
  all: ["ads"] as const,
  placement: (placement: AdPlacement) => [...adsKeys.all, placement] as const,
  admin: () => ["admin", "ads"] as const,
};

/** The ads users may see now on a placement; a failure shows nothing, so no retry. */
export const adsQueryOptions = (placement: AdPlacement) =>
  queryOptions({
    queryKey: adsKeys.placement(placement),
    queryFn: ({ signal }) => api.call("GET /api/ads", { query: { placement } }, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * One more impression or click, fire and forget: no body, no identifier, no cookie of its own
 * (the session cookie only lets the server apply the per-user limit; decision 0027). `keepalive`
 * lets a click's count leave even when the page goes away.
 */
export function countAdEvent(id: string, event: "impression" | "click"): void {
  fetch(urlOf(`POST /api/ads/:id/${event}`, { params: { id } }), {
    method: "POST",
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => {
    // A lost count is only a count: nothing to tell the user.
  });
}

export const adminAdsQueryOptions = () =>
  queryOptions({
    queryKey: adsKeys.admin(),
    queryFn: ({ signal }) => api.call("GET /api/admin/ads", undefined, signal),
  });

export const createAd = (body: AdCreateBody) => api.call("POST /api/admin/ads", { body });
export const updateAd = (id: string, body: AdUpdateBody) =>
  api.call("PATCH /api/admin/ads/:id", { params: { id }, body });
export const deleteAd = (id: string) => api.call("DELETE /api/admin/ads/:id", { params: { id } });

/** `PUT …/image` as multipart (the shared client speaks JSON only). */
export async function uploadAdImage(id: string, file: File): Promise<AdminAd> {
  const form = new FormData();
  form.append("file", file);
  let response: Response;
  try {
    response = await fetch(urlOf("PUT /api/admin/ads/:id/image", { params: { id } }), {
      method: "PUT",
      credentials: "include",
      headers: {
        Accept: "application/json",
        "Accept-Language": i18n.resolvedLanguage ?? storedLanguage(),
      },
      body: form,
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
  return answer as unknown as AdminAd;
}

/**
 * Creates an ad (`id` null) or edits one, then sends its image when one was chosen (a second
 * request). `onSaved` learns the saved ad at once (a retry after a refused image edits it rather
 * than creating it twice); a refused image reads the list again (the settings are saved) and
 * fails with `imageFailed`'s error. The list is read again once all is saved.
 */
export function useSaveAd({
  onSaved,
  imageFailed,
}: {
  onSaved: (ad: AdminAd) => void;
  imageFailed: (error: unknown) => Error;
}) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: adminAdsQueryOptions().queryKey });
  return useMutation({
    mutationFn: async ({
      id,
      body,
      file,
    }: {
      id: string | null;
      body: AdCreateBody;
      file: File | null;
    }) => {
      const saved = id ? await updateAd(id, body) : await createAd(body);
      onSaved(saved);
      if (!file) return saved;
      try {
        return await uploadAdImage(saved.id, file);
      } catch (error) {
        await refresh();
        throw imageFailed(error);
      }
    },
    onSuccess: refresh,
  });
}

/** Deletes an ad; the list is read again. */
export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAd(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAdsQueryOptions().queryKey }),
  });
}
