import type { KycState } from "@fre/shared";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useSaveAddress } from "../api/use-kyc";
import { type AddressValues, addressIssues } from "../kyc-validation";
import { CountrySelect, useFocusFirstError, useIssueText } from "./kyc-fields";

const FIELDS = ["address", "city", "postalCode", "country"] as const;

export function AddressStep({
  state,
  onSaved,
  onBack,
}: {
  state: KycState;
  onSaved: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation("kyc");
  const issueText = useIssueText();
  const saved = state.draft.address;
  const [values, setValues] = useState<AddressValues>({
    address: saved?.address ?? "",
    city: saved?.city ?? "",
    postalCode: saved?.postalCode ?? "",
    // The nationality is the likeliest country of residence.
    country: saved?.country ?? state.draft.identity?.nationality ?? "",
  });
  const form = useFormMutation(useSaveAddress(), { fields: FIELDS, fallback: t("errors.save") });
  const [attempt, setAttempt] = useState(0);
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, form.fieldErrors, attempt);

  const set = (field: keyof AddressValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearField(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issues = addressIssues(values);
    if (Object.keys(issues).length > 0) {
      form.fail({ fields: Object.fromEntries(FIELDS.map((f) => [f, issueText(issues[f])])) });
      setAttempt((n) => n + 1);
      return;
    }
    form.submit(
      {
        address: values.address.trim(),
        city: values.city.trim(),
        postalCode: values.postalCode.trim(),
        country: values.country,
      },
      { onSuccess: onSaved },
    );
  };

  return (
    <form ref={ref} noValidate onSubmit={submit} className="grid gap-4" data-testid="kyc-address">
      <TextField
        label={t("address.address")}
        autoComplete="street-address"
        value={values.address}
        maxLength={200}
        error={form.fieldErrors.address}
        onChange={(event) => set("address")(event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("address.postalCode")}
          autoComplete="postal-code"
          value={values.postalCode}
          maxLength={12}
          error={form.fieldErrors.postalCode}
          onChange={(event) => set("postalCode")(event.target.value)}
        />
        <TextField
          label={t("address.city")}
          autoComplete="address-level2"
          value={values.city}
          maxLength={100}
          error={form.fieldErrors.city}
          onChange={(event) => set("city")(event.target.value)}
        />
      </div>
      <CountrySelect
        label={t("address.country")}
        autoComplete="country"
        value={values.country}
        error={form.fieldErrors.country}
        onChange={(event) => set("country")(event.target.value)}
      />
      {form.error && <Alert tone="error">{form.error}</Alert>}
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="secondary" onClick={onBack}>
          {t("form.back")}
        </Button>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? t("form.saving") : t("form.saveAndContinue")}
        </Button>
      </div>
    </form>
  );
}
