import {
  AD_IMAGE_MAX_BYTES,
  AD_LINK_MAX_LENGTH,
  AD_PLACEMENTS,
  AD_TITLE_MAX_LENGTH,
  AD_WEIGHT_MAX,
  AD_WEIGHT_MIN,
  type AdCreateBody,
  type AdminAd,
  type AdPlacement,
} from "@fre/shared";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ChoiceOptions } from "../../../components/ui/choice-options";
import { FieldFrame } from "../../../components/ui/field-frame";
import { inputClasses, TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { fromLocalInput, toLocalInput } from "../ads-logic";
import { useSaveAd } from "../api/ads-api";

const DAY_MS = 86_400_000;

interface FormValues {
  placement: AdPlacement;
  title: string;
  linkUrl: string;
  startsAt: string;
  endsAt: string;
  weight: string;
  active: boolean;
}

function initialValues(ad: AdminAd | null): FormValues {
  if (ad) {
    return {
      placement: ad.placement,
      title: ad.title,
      linkUrl: ad.linkUrl,
      startsAt: toLocalInput(ad.startsAt),
      endsAt: toLocalInput(ad.endsAt),
      weight: String(ad.weight),
      active: ad.active,
    };
  }
  const now = Date.now();
  return {
    placement: "dashboard",
    title: "",
    linkUrl: "https://",
    startsAt: toLocalInput(new Date(now).toISOString()),
    endsAt: toLocalInput(new Date(now + 30 * DAY_MS).toISOString()),
    weight: "10",
    active: true,
  };
}

/** The chosen file as a URL the <img> can show, revoked when it changes. */
function useFilePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/**
 * Creates an ad or edits one: its settings, then its image when one was chosen (a second
 * request: the image is re-encoded by the server). Closes once both are saved.
 */
export function AdForm({ ad, onDone }: { ad: AdminAd | null; onDone: () => void }) {
  const { t } = useTranslation("ads");
  // Once created, the ad is edited: a retry after a refused image must not create it twice.
  const [current, setCurrent] = useState(ad);
  const [values, setValues] = useState(() => initialValues(ad));
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const preview = useFilePreview(file);
  const ids = { placement: useId(), heading: useId() };
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const save = useSaveAd({
    onSaved: setCurrent,
    // The settings are saved (the list shows them) even though the image is not.
    imageFailed: (error) =>
      new Error(
        t("admin.imageSavedFailed", {
          message: isApiError(error) ? error.message : t("admin.noImage"),
        }),
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startsAt = fromLocalInput(values.startsAt);
    const endsAt = fromLocalInput(values.endsAt);
    if (!startsAt || !endsAt) return setLocalError(t("admin.invalidDate"));
    if (Date.parse(endsAt) <= Date.parse(startsAt)) {
      return setLocalError(t("admin.endBeforeStart"));
    }
    setLocalError(null);
    const body: AdCreateBody = {
      placement: values.placement,
      title: values.title.trim(),
      linkUrl: values.linkUrl.trim(),
      startsAt,
      endsAt,
      weight: Number(values.weight),
      active: values.active,
    };
    save.mutate({ id: current?.id ?? null, body, file }, { onSuccess: onDone });
  };

  const shownImage = preview ?? current?.imageUrl ?? null;
  const error = localError ?? (save.isError ? save.error.message : null);
  return (
    <form
      onSubmit={submit}
      aria-labelledby={ids.heading}
      className="grid gap-4 rounded-2xl border border-amber-300/40 bg-night-850 p-4"
      data-testid="admin-ad-form"
    >
      <h2 id={ids.heading} className="text-lg font-bold text-white">
        {current ? t("admin.editTitle") : t("admin.new")}
      </h2>
      <div className="grid gap-1">
        <label htmlFor={ids.placement} className="text-sm font-semibold text-slate-100">
          {t("admin.fields.placement")}
        </label>
        <select
          id={ids.placement}
          className={inputClasses}
          value={values.placement}
          onChange={(event) => set("placement", event.target.value as AdPlacement)}
        >
          <ChoiceOptions
            values={AD_PLACEMENTS}
            label={(placement) => t(`admin.placements.${placement}`)}
          />
        </select>
      </div>
      <TextField
        label={t("admin.fields.title")}
        hint={t("admin.fields.titleHint")}
        required
        maxLength={AD_TITLE_MAX_LENGTH}
        value={values.title}
        onChange={(event) => set("title", event.target.value)}
        name="title"
      />
      <TextField
        label={t("admin.fields.linkUrl")}
        hint={t("admin.fields.linkHint")}
        type="url"
        inputMode="url"
        required
        pattern="https://.+"
        maxLength={AD_LINK_MAX_LENGTH}
        value={values.linkUrl}
        onChange={(event) => set("linkUrl", event.target.value)}
        name="linkUrl"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("admin.fields.startsAt")}
          type="datetime-local"
          required
          value={values.startsAt}
          onChange={(event) => set("startsAt", event.target.value)}
          name="startsAt"
        />
        <TextField
          label={t("admin.fields.endsAt")}
          type="datetime-local"
          required
          value={values.endsAt}
          onChange={(event) => set("endsAt", event.target.value)}
          name="endsAt"
        />
      </div>
      <TextField
        label={t("admin.fields.weight")}
        hint={t("admin.fields.weightHint")}
        type="number"
        inputMode="numeric"
        required
        min={AD_WEIGHT_MIN}
        max={AD_WEIGHT_MAX}
        step={1}
        value={values.weight}
        onChange={(event) => set("weight", event.target.value)}
        name="weight"
      />
      <label className="inline-flex items-center gap-2 text-sm text-slate-100">
        <input
          type="checkbox"
          className="size-4 accent-amber-400"
          checked={values.active}
          onChange={(event) => set("active", event.target.checked)}
          name="active"
        />
        {t("admin.fields.active")}
      </label>
      <FieldFrame label={t("admin.fields.image")} hint={t("admin.fields.imageHint")}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            name="image"
            className="block w-full text-sm text-slate-200 file:mr-3 file:rounded-lg file:border-0 file:bg-night-700 file:px-3 file:py-2 file:text-slate-100"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setLocalError(
                chosen && chosen.size > AD_IMAGE_MAX_BYTES ? t("admin.fields.imageHint") : null,
              );
              setFile(chosen && chosen.size <= AD_IMAGE_MAX_BYTES ? chosen : null);
            }}
          />
        )}
      </FieldFrame>
      {shownImage ? (
        <figure className="grid gap-1">
          <img
            src={shownImage}
            alt={values.title || t("admin.preview")}
            className="aspect-[3/1] w-full rounded-xl border border-night-700 object-cover"
            data-testid="admin-ad-preview"
          />
          <figcaption className="text-xs text-muted">{t("admin.preview")}</figcaption>
        </figure>
      ) : (
        <p className="text-sm text-muted">{t("admin.noImage")}</p>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t("admin.cancel")}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="admin-ad-save">
          {current ? t("admin.save") : t("admin.create")}
        </Button>
      </div>
    </form>
  );
}
