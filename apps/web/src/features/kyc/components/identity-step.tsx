import type { KycState } from "@fre/shared";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useSaveIdentity } from "../api/use-kyc";
import { type IdentityValues, identityIssues } from "../kyc-validation";
import { CountrySelect, useFocusFirstError, useIssueText } from "./kyc-fields";

const FIELDS = ["firstName", "lastName", "dateOfBirth", "nationality", "phoneNumber"] as const;

export function IdentityStep({ state, onSaved }: { state: KycState; onSaved: () => void }) {
  const { t } = useTranslation("kyc");
  const issueText = useIssueText();
  const saved = state.draft.identity;
  const [values, setValues] = useState<IdentityValues>({
    firstName: saved?.firstName ?? "",
    lastName: saved?.lastName ?? "",
    dateOfBirth: saved?.dateOfBirth ?? "",
    nationality: saved?.nationality ?? "",
    phoneNumber: saved?.phoneNumber ?? "",
  });
  const form = useFormMutation(useSaveIdentity(), { fields: FIELDS, fallback: t("errors.save") });
  const [attempt, setAttempt] = useState(0);
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, form.fieldErrors, attempt);

  const set = (field: keyof IdentityValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearField(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issues = identityIssues(values);
    if (Object.keys(issues).length > 0) {
      form.fail({ fields: Object.fromEntries(FIELDS.map((f) => [f, issueText(issues[f])])) });
      setAttempt((n) => n + 1);
      return;
    }
    form.submit(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        dateOfBirth: values.dateOfBirth,
        nationality: values.nationality,
        phoneNumber: values.phoneNumber.trim(),
      },
      { onSuccess: onSaved },
    );
  };

  return (
    <form ref={ref} noValidate onSubmit={submit} className="grid gap-4" data-testid="kyc-identity">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("identity.firstName")}
          autoComplete="given-name"
          value={values.firstName}
          maxLength={60}
          error={form.fieldErrors.firstName}
          onChange={(event) => set("firstName")(event.target.value)}
        />
        <TextField
          label={t("identity.lastName")}
          autoComplete="family-name"
          value={values.lastName}
          maxLength={60}
          error={form.fieldErrors.lastName}
          onChange={(event) => set("lastName")(event.target.value)}
        />
      </div>
      <TextField
        label={t("identity.dateOfBirth")}
        type="date"
        autoComplete="bday"
        value={values.dateOfBirth}
        hint={form.fieldErrors.dateOfBirth ? undefined : t("identity.dateOfBirthHint")}
        error={form.fieldErrors.dateOfBirth}
        onChange={(event) => set("dateOfBirth")(event.target.value)}
      />
      <CountrySelect
        label={t("identity.nationality")}
        value={values.nationality}
        error={form.fieldErrors.nationality}
        onChange={(event) => set("nationality")(event.target.value)}
      />
      <TextField
        label={t("identity.phoneNumber")}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+33 6 12 34 56 78"
        value={values.phoneNumber}
        maxLength={32}
        hint={t("identity.phoneHint")}
        error={form.fieldErrors.phoneNumber}
        onChange={(event) => set("phoneNumber")(event.target.value)}
      />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={form.pending}>
          {form.pending ? t("form.saving") : t("form.saveAndContinue")}
        </Button>
      </div>
    </form>
  );
}
