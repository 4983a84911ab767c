import {
  freAmountSchema,
  parseTypedAmount,
  type WithdrawalSettings,
  withdrawalAmountSchema,
} from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { AmountHint } from "../../../components/ui/amount-hint";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { useUpdateWithdrawalSettings } from "../api/use-admin-withdrawals";
import { withdrawalSettingsQueryOptions } from "../api/withdrawals-api";
import { maxAmount } from "../withdrawal-amount";

type Field = "minimum" | "secondApprovalAbove";
const SCHEMAS = { minimum: withdrawalAmountSchema, secondApprovalAbove: freAmountSchema };
const FIELDS = ["minimum", "secondApprovalAbove"] as const;

/** The typed settings as the API's body (« 1 000,5 » → "1000.5"), or the fields to fix. */
export function settingsBodyOf(values: Record<Field, string>): {
  body: Record<Field, string>;
  invalid: Field[];
} {
  const body: Record<Field, string> = { minimum: "", secondApprovalAbove: "" };
  const invalid: Field[] = [];
  for (const field of FIELDS) {
    const parsed = parseTypedAmount(values[field]);
    body[field] = parsed.ok ? parsed.value : values[field];
    if (!parsed.ok || !SCHEMAS[field].safeParse(parsed.value).success) invalid.push(field);
  }
  return { body, invalid };
}

function SettingsForm({ settings }: { settings: WithdrawalSettings }) {
  const { t } = useTranslation("withdrawals");
  const [values, setValues] = useState<Record<Field, string>>({
    minimum: maxAmount(settings.minimum),
    secondApprovalAbove: maxAmount(settings.secondApprovalAbove),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useUpdateWithdrawalSettings();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const { body, invalid } = settingsBodyOf(values);
    for (const field of invalid) found[field] = t(`admin.settings.invalid.${field}`);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(body);
  };
  const field = (name: Field) => ({
    name,
    inputMode: "decimal" as const,
    autoComplete: "off",
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
      save.reset();
    },
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" data-testid="withdrawal-settings">
      <TextField
        label={t("admin.settings.minimum")}
        hint={<AmountHint hint={t("admin.settings.minimumHint")} />}
        {...field("minimum")}
      />
      <TextField
        label={t("admin.settings.secondApprovalAbove")}
        hint={<AmountHint hint={t("admin.settings.secondApprovalAboveHint")} />}
        {...field("secondApprovalAbove")}
      />
      {save.isSuccess ? <Alert tone="success">{t("admin.settings.saved")}</Alert> : null}
      {save.error ? (
        <Alert tone="error">
          {isApiError(save.error) ? save.error.message : t("errors.generic")}
        </Alert>
      ) : null}
      <Button type="submit" size="sm" className="justify-self-start" disabled={save.isPending}>
        {t("admin.settings.save")}
      </Button>
    </form>
  );
}

/** The withdrawal settings (minimum, four-eyes threshold), folded under a one-line summary. */
export function WithdrawalSettingsPanel() {
  const { t } = useTranslation("withdrawals");
  const { language } = useLanguage();
  const settings = useQuery(withdrawalSettingsQueryOptions());
  const freText = (amount: string) => `${formatFreSafe(amount, language, "exact")} FRE`;
  return (
    <details className="rounded-2xl border border-night-700 bg-night-850 p-4">
      <summary className="cursor-pointer text-sm font-semibold text-white">
        {t("admin.settings.title")}
        {settings.data ? (
          <span className="block pt-1 text-xs font-normal text-muted">
            {t("admin.settings.summary", {
              minimum: freText(settings.data.minimum),
              threshold: freText(settings.data.secondApprovalAbove),
            })}
          </span>
        ) : null}
      </summary>
      <div className="pt-4">
        <QueryState query={settings} retry="inline">
          {(data) => <SettingsForm settings={data} />}
        </QueryState>
      </div>
    </details>
  );
}
