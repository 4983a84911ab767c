import type { KycFile, KycFileSlot } from "@fre/shared";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { formatDateTime, formatKilobytes } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import type { PhotoUpload } from "../api/use-photo-uploads";

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

/** A phone (touch screen): the camera is offered beside the gallery. */
const hasCamera = () =>
  typeof window !== "undefined" && (window.matchMedia?.("(pointer: coarse)").matches ?? false);

/** A file input styled as a button: from the gallery, or from the camera (`capture`). */
function PhotoPicker({
  label,
  capture,
  invalid,
  disabled,
  onChoose,
}: {
  label: string;
  capture?: "environment" | "user";
  /** The id of the error said under the photo, if any. */
  invalid: string | undefined;
  disabled: boolean;
  onChoose: (file: File) => void;
}) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-night-600 bg-night-800 px-4 font-semibold text-slate-100 hover:border-amber-300/70 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-300">
      {label}
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture={capture}
        className="sr-only"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid}
        disabled={disabled}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          event.target.value = "";
          if (picked) onChoose(picked);
        }}
      />
    </label>
  );
}

/**
 * One document photo: chosen or taken, previewed on the device and sent at once with its
 * progress. What goes wrong (the server's message: a type read from the bytes, over 10 MB, a
 * network failure) is said under the photo, with a retry when sending again can help.
 */
export function PhotoSlot({
  slot,
  upload,
  uploaded,
  missing,
  locked,
  onChoose,
  onRetry,
  onCancel,
}: {
  slot: KycFileSlot;
  upload: PhotoUpload;
  /** The photo the server holds for this slot, if any. */
  uploaded: KycFile | undefined;
  /** Set when a submission found this photo missing. */
  missing?: string | undefined;
  /** The request is being submitted: nothing is chosen meanwhile. */
  locked: boolean;
  onChoose: (file: File) => void;
  onRetry: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("kyc");
  const { language } = useLanguage();
  const [camera] = useState(hasCamera);
  const file = upload.phase === "idle" ? undefined : upload.file;
  const preview = usePreview(file);
  const id = useId();
  const errorId = `${id}-error`;
  const name = t(`photos.${slot}`);
  const error =
    upload.phase === "failed"
      ? upload.message
      : upload.phase === "idle"
        ? (upload.refused ?? (uploaded ? undefined : missing))
        : undefined;
  const sending = upload.phase === "sending";
  const received =
    upload.phase === "sent"
      ? t("photos.sent", { size: formatKilobytes(upload.size, language) })
      : upload.phase === "idle" && uploaded && !upload.refused
        ? t("photos.received", {
            date: formatDateTime(uploaded.uploadedAt, language),
            size: formatKilobytes(uploaded.size, language),
          })
        : undefined;
  // Retry and cancel share one place: the button keeps the focus from one to the other.
  const action =
    upload.phase === "failed" && upload.retriable
      ? { label: t("photos.retry"), run: onRetry }
      : sending
        ? { label: t("photos.cancel"), run: onCancel }
        : undefined;
  const pickerProps = {
    invalid: error ? errorId : undefined,
    disabled: sending || locked,
    onChoose,
  };
  return (
    <fieldset
      className="grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4"
      data-testid={`kyc-photo-${slot}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-white">{name}</legend>
      <p className="text-sm text-muted">{t(`photos.${slot}Hint`)}</p>
      {preview ? (
        <img
          src={preview}
          alt={t("photos.previewAlt", { name })}
          className="max-h-56 w-full rounded-xl bg-night-900 object-contain"
        />
      ) : null}
      {sending ? (
        <div className="grid gap-1">
          <label htmlFor={`${id}-progress`} className="text-sm text-slate-200">
            {upload.progress === null || upload.progress >= 1
              ? t("photos.sendingUnknown")
              : t("photos.sending", { percent: Math.round(upload.progress * 100) })}
          </label>
          <progress
            id={`${id}-progress`}
            max={1}
            // No value: an indeterminate bar until the browser reports the upload's progress,
            // and again once every byte is sent while the server checks the photo.
            value={upload.progress === null || upload.progress >= 1 ? undefined : upload.progress}
            className="h-2 w-full accent-amber-400"
          />
        </div>
      ) : null}
      {/* Always there, so that a screen reader announces the photo's arrival. */}
      <div role="status">
        {received ? (
          <p
            className="text-sm font-medium text-emerald-300"
            data-testid={`kyc-photo-${slot}-done`}
          >
            {received}
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-rose-300">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {camera ? (
          <PhotoPicker
            label={t("photos.take")}
            capture={slot === "selfie" ? "user" : "environment"}
            {...pickerProps}
          />
        ) : null}
        <PhotoPicker
          label={file || uploaded ? t("photos.change") : t("photos.choose")}
          {...pickerProps}
        />
        {action ? (
          <Button variant={upload.phase === "failed" ? "primary" : "ghost"} onClick={action.run}>
            {action.label}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
