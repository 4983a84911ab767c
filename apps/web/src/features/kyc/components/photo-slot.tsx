import type { KycFile, KycFileSlot } from "@fre/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime, formatKilobytes } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import { kycQueryKeys, uploadKycFile } from "../api/kyc-api";
import { photoIssue } from "../kyc-validation";

type Upload =
  | { phase: "idle" }
  | { phase: "picked"; file: File }
  | { phase: "sending"; file: File; progress: number }
  | { phase: "sent"; file: File };

/** An object URL for `file` while it is shown, revoked as soon as it is not. */
function usePreview(file: File | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * One document photo: picked, previewed on the device, then sent with its progress. What the
 * server refuses (type read from the bytes: 415; over 10 MB: 413) is said under the photo.
 */
export function PhotoSlot({
  slot,
  uploaded,
  error: missing,
}: {
  slot: KycFileSlot;
  uploaded: KycFile | undefined;
  /** Set when a submission found this photo missing. */
  error?: string | undefined;
}) {
  const { t } = useTranslation("kyc");
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [upload, setUpload] = useState<Upload>({ phase: "idle" });
  const [error, setError] = useState<string>();
  const abort = useRef<AbortController | null>(null);
  const file = upload.phase === "idle" ? undefined : upload.file;
  const preview = usePreview(file);
  const id = useId();
  const errorId = `${id}-error`;
  const shownError = error ?? (uploaded ? undefined : missing);

  useEffect(() => () => abort.current?.abort(), []);

  const pick = (picked: File | undefined) => {
    setError(undefined);
    if (!picked) return;
    const issue = photoIssue(picked);
    if (issue) {
      setUpload({ phase: "idle" });
      setError(t(`photos.${issue}`));
      return;
    }
    setUpload({ phase: "picked", file: picked });
  };

  const send = async () => {
    if (!file) return;
    setError(undefined);
    setUpload({ phase: "sending", file, progress: 0 });
    const controller = new AbortController();
    abort.current = controller;
    try {
      await uploadKycFile(
        slot,
        file,
        (progress) => setUpload({ phase: "sending", file, progress }),
        controller.signal,
      );
      setUpload({ phase: "sent", file });
      await queryClient.invalidateQueries({ queryKey: kycQueryKeys.mine });
    } catch (failure) {
      setUpload({ phase: "picked", file });
      if (failure instanceof DOMException && failure.name === "AbortError") return;
      setError(isApiError(failure) ? failure.message : t("photos.failed"));
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const sending = upload.phase === "sending";
  return (
    <fieldset
      className="grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4"
      data-testid={`kyc-photo-${slot}`}
      aria-describedby={shownError ? errorId : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-white">{t(`photos.${slot}`)}</legend>
      <p className="text-sm text-muted">{t(`photos.${slot}Hint`)}</p>
      {preview ? (
        <img
          src={preview}
          alt={t("photos.previewAlt", { name: t(`photos.${slot}`) })}
          className="max-h-56 w-full rounded-xl bg-night-900 object-contain"
        />
      ) : null}
      {upload.phase === "sent" || (upload.phase === "idle" && uploaded) ? (
        <p className="text-sm font-medium text-emerald-300" data-testid={`kyc-photo-${slot}-done`}>
          {uploaded && upload.phase === "idle"
            ? t("photos.received", {
                date: formatDateTime(uploaded.uploadedAt, language),
                size: formatKilobytes(uploaded.size, language),
              })
            : t("photos.sent")}
        </p>
      ) : null}
      {sending ? (
        <div className="grid gap-1">
          <label htmlFor={`${id}-progress`} className="text-sm text-slate-200">
            {t("photos.sending", { percent: Math.round(upload.progress * 100) })}
          </label>
          <progress
            id={`${id}-progress`}
            max={1}
            value={upload.progress}
            className="h-2 w-full accent-amber-400"
          />
        </div>
      ) : null}
      {shownError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-rose-300">
          {shownError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <label className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-night-600 bg-night-800 px-4 font-semibold text-slate-100 hover:border-amber-300/70 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-300">
          {file || uploaded ? t("photos.change") : t("photos.choose")}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? errorId : undefined}
            disabled={sending}
            onChange={(event) => {
              pick(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
        {upload.phase === "picked" ? (
          <Button onClick={() => void send()}>{t("photos.send")}</Button>
        ) : null}
        {sending ? (
          <Button variant="ghost" onClick={() => abort.current?.abort()}>
            {t("photos.cancel")}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
