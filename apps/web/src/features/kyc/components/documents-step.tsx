import {
  KYC_DOCUMENT_TYPES,
  type KycDocumentType,
  type KycFileSlot,
  type KycState,
} from "@fre/shared";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useSaveDocument, useSubmitKyc } from "../api/use-kyc";
import type { PhotoUploadsControl } from "../api/use-photo-uploads";
import { type DocumentValues, documentIssues, slotsFor } from "../kyc-validation";
import { useFocusFirstError, useIssueText } from "./kyc-fields";
import { PhotoSlot } from "./photo-slot";

const FIELDS = ["documentType", "documentNumber"] as const;

/** The slots a refused submission named (`files.front`…), from its issues. */
function missingSlots(error: unknown): Set<string> {
  if (!isApiError(error, "KYC_INCOMPLETE")) return new Set();
  return new Set(
    (error.issues ?? [])
      .map((issue) => issue.path)
      .filter((path) => path.startsWith("files."))
      .map((path) => path.slice("files.".length)),
  );
}

export function DocumentsStep({
  state,
  photos,
  onBack,
  onSubmitted,
}: {
  state: KycState;
  photos: PhotoUploadsControl;
  onBack: () => void;
  /** The request was submitted: its status replaces the form. */
  onSubmitted: () => void;
}) {
  const { t } = useTranslation("kyc");
  const issueText = useIssueText();
  const saved = state.draft.document;
  const [values, setValues] = useState<DocumentValues>({
    documentType: saved?.documentType ?? "",
    documentNumber: saved?.documentNumber ?? "",
  });
  const save = useSaveDocument();
  const form = useFormMutation(save, { fields: FIELDS, fallback: t("errors.save") });
  const submitKyc = useSubmitKyc();
  const [attempt, setAttempt] = useState(0);
  const [draftSaved, setDraftSaved] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [photosLeft, setPhotosLeft] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const missing = missingSlots(submitKyc.error);
  const slots = values.documentType === "" ? [] : slotsFor(values.documentType);
  const failed = slots.filter((slot) => photos.uploads[slot]?.phase === "failed");
  useFocusFirstError(
    ref,
    {
      ...form.fieldErrors,
      // A photo that failed is pointed at only once a submission stumbled on it: never while
      // the user is busy elsewhere in the form.
      ...Object.fromEntries(
        [...missing, ...(photosLeft ? failed : [])].map((slot) => [slot, slot]),
      ),
    },
    attempt,
  );

  const set = (field: keyof DocumentValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setDraftSaved(false);
    form.clearField(field);
  };

  /** Checks the fields here first; `then` runs once the server saved them. */
  const saveDocument = (then: () => void) => {
    const issues = documentIssues(values);
    if (Object.keys(issues).length > 0 || values.documentType === "") {
      form.fail({ fields: Object.fromEntries(FIELDS.map((f) => [f, issueText(issues[f])])) });
      setAttempt((n) => n + 1);
      return;
    }
    submitKyc.reset();
    setPhotosLeft(false);
    form.submit(
      { documentType: values.documentType, documentNumber: values.documentNumber.trim() },
      { onSuccess: then },
    );
  };
  /** Photos still on the device (a failed one, one being sent) go first, then the request. */
  const finish = async (documentSlots: readonly KycFileSlot[]) => {
    setFinishing(true);
    try {
      if (!(await photos.sendPending(documentSlots))) {
        setPhotosLeft(true);
        setAttempt((n) => n + 1);
        return;
      }
      await submitKyc.mutateAsync(undefined);
      onSubmitted();
    } catch {
      // The refusal is shown from the mutation's error.
    } finally {
      setFinishing(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveDocument(() => void finish(slots));
  };
  const busy = form.pending || finishing || submitKyc.isPending;
  const files = new Map(state.draft.files.map((file) => [file.slot, file]));
  const typeError = form.fieldErrors.documentType;

  return (
    <form ref={ref} noValidate onSubmit={submit} className="grid gap-5" data-testid="kyc-documents">
      <fieldset className="grid gap-2" aria-describedby={typeError ? "kyc-type-error" : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-200">
          {t("documents.documentType")}
        </legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {KYC_DOCUMENT_TYPES.map((type: KycDocumentType, index) => (
            <label
              key={type}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-night-600 bg-night-850 px-4 has-[:checked]:border-amber-300 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-300"
            >
              <input
                type="radio"
                name="documentType"
                value={type}
                className="size-4 accent-amber-400"
                checked={values.documentType === type}
                aria-invalid={typeError && index === 0 ? true : undefined}
                onChange={() => set("documentType")(type)}
              />
              <span>{t(`documents.types.${type}`)}</span>
            </label>
          ))}
        </div>
        {typeError ? (
          <p id="kyc-type-error" className="text-sm font-medium text-rose-300">
            {typeError}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label={t("documents.documentNumber")}
        autoComplete="off"
        autoCapitalize="characters"
        value={values.documentNumber}
        maxLength={30}
        error={form.fieldErrors.documentNumber}
        onChange={(event) => set("documentNumber")(event.target.value)}
      />
      <div className="grid gap-3">
        <h3 className="text-base font-semibold text-white">{t("photos.title")}</h3>
        <p className="text-sm text-muted">{t("photos.rules")}</p>
        {slots.map((slot) => (
          <PhotoSlot
            key={slot}
            slot={slot}
            upload={photos.uploads[slot] ?? { phase: "idle" }}
            uploaded={files.get(slot)}
            missing={missing.has(slot) ? t("photos.missing") : undefined}
            locked={busy}
            onChoose={(file) => photos.choose(slot, file)}
            onRetry={() => photos.retry(slot)}
            onCancel={() => photos.cancel(slot)}
          />
        ))}
        {values.documentType === "" ? (
          <p className="text-sm text-muted">{t("photos.chooseTypeFirst")}</p>
        ) : null}
      </div>
      {form.error && <Alert tone="error">{form.error}</Alert>}
      {photosLeft && failed.length > 0 ? <Alert tone="error">{t("photos.notSent")}</Alert> : null}
      {submitKyc.isError && (
        <Alert tone="error">
          {isApiError(submitKyc.error) ? submitKyc.error.message : t("errors.save")}
        </Alert>
      )}
      {draftSaved && !busy ? <Alert tone="success">{t("form.draftSaved")}</Alert> : null}
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t("form.back")}
        </Button>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => saveDocument(() => setDraftSaved(true))}
          >
            {t("form.saveDraft")}
          </Button>
          <Button type="submit" disabled={busy} data-testid="kyc-submit">
            {busy ? t("form.sending") : t("form.submit")}
          </Button>
        </div>
      </div>
    </form>
  );
}
