import { RISK_REASON_CODES, type RiskSettings, riskSettingsSchema } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { SettingsCard } from "../../../components/settings/settings-card";
import { SettingsFormFooter } from "../../../components/settings/settings-form-footer";
import {
  type NumberInputProps,
  numberOf,
  textsOf,
  useNumberFields,
} from "../../../components/settings/use-number-fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { useRiskSettings, useRunRisk, useSaveRiskSettings } from "../hooks/use-admin-risk";

const LEVELS = ["mediumAt", "highAt"] as const;
const DETECTION = [
  "networkAccounts",
  "networkWindowHours",
  "deviceAccounts",
  "burstReferees",
  "burstWindowMinutes",
  "idleReferees",
  "idleSharePercent",
  "idleAfterDays",
  "roboticStarts",
  "roboticJitterSeconds",
  "serialTaskAccounts",
] as const;
type Threshold = (typeof LEVELS)[number] | (typeof DETECTION)[number];
type Weight = (typeof RISK_REASON_CODES)[number];

interface Values {
  weights: Record<Weight, string>;
  thresholds: Record<Threshold, string>;
}

interface Bounds {
  min: number;
  max: number;
}

/** Each input's bounds, read from the schema the server applies (one source for both). */
const shape = riskSettingsSchema.shape;
type NumberField = { minValue: number | null; maxValue: number | null };
/** A field with a default (one added after settings were saved) is read through it. */
const boundsOf = (field: NumberField | { unwrap(): NumberField }): Bounds => {
  const number = "unwrap" in field ? field.unwrap() : field;
  return { min: number.minValue ?? 0, max: number.maxValue ?? Number.MAX_SAFE_INTEGER };
};
export const WEIGHT_BOUNDS = boundsOf(shape.weights.shape.shared_network);
export const THRESHOLD_BOUNDS = Object.fromEntries(
  [...LEVELS, ...DETECTION].map((field) => [field, boundsOf(shape[field])]),
) as Record<Threshold, Bounds>;

const valuesOf = (settings: RiskSettings): Values => ({
  weights: textsOf(RISK_REASON_CODES, settings.weights),
  thresholds: textsOf([...LEVELS, ...DETECTION], settings),
});

/** The form's text as the API's body, checked by the schema the server applies. */
export function riskSettingsOf(values: Values) {
  return riskSettingsSchema.safeParse({
    weights: Object.fromEntries(
      RISK_REASON_CODES.map((code) => [code, numberOf(values.weights[code])]),
    ),
    ...Object.fromEntries(
      [...LEVELS, ...DETECTION].map((field) => [field, numberOf(values.thresholds[field])]),
    ),
  });
}

function NumberField({
  name,
  label,
  bounds,
  ...input
}: { name: string; label: string; bounds: Bounds } & NumberInputProps) {
  const { t } = useTranslation("admin");
  return (
    <TextField
      name={name}
      label={label}
      hint={t("risk.settings.bounds", { min: bounds.min, max: bounds.max })}
      type="number"
      inputMode="numeric"
      step={1}
      min={bounds.min}
      max={bounds.max}
      autoComplete="off"
      {...input}
    />
  );
}

function SettingsForm({ settings }: { settings: RiskSettings }) {
  const { t } = useTranslation("admin");
  const save = useSaveRiskSettings();
  const [invalid, setInvalid] = useState(false);
  const edited = () => {
    setInvalid(false);
    save.reset();
  };
  const weights = useNumberFields(() => valuesOf(settings).weights, edited);
  const thresholds = useNumberFields(() => valuesOf(settings).thresholds, edited);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = riskSettingsOf({ weights: weights.values, thresholds: thresholds.values });
    setInvalid(!parsed.success);
    if (parsed.success)
      save.mutate(parsed.data, {
        onSuccess: (saved) => {
          const values = valuesOf(saved);
          weights.replace(values.weights);
          thresholds.replace(values.thresholds);
        },
      });
  };
  const legend = "mb-2 font-semibold text-white";
  return (
    <form onSubmit={submit} noValidate className="grid gap-5" data-testid="risk-settings-form">
      <fieldset className="grid gap-3">
        <legend className={legend}>{t("risk.settings.weights")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {RISK_REASON_CODES.map((code) => (
            <NumberField
              key={code}
              name={`weights.${code}`}
              label={t(`risk.codes.${code}`)}
              bounds={WEIGHT_BOUNDS}
              {...weights.input(code)}
            />
          ))}
        </div>
      </fieldset>
      {(
        [
          ["levels", LEVELS],
          ["detection", DETECTION],
        ] as const
      ).map(([group, fields]) => (
        <fieldset key={group} className="grid gap-3">
          <legend className={legend}>{t(`risk.settings.${group}`)}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {fields.map((field: Threshold) => (
              <NumberField
                key={field}
                name={field}
                label={t(`risk.settings.${field}`)}
                bounds={THRESHOLD_BOUNDS[field]}
                {...thresholds.input(field)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <SettingsFormFooter
        save={save}
        invalid={invalid ? t("risk.settings.invalid") : null}
        saved={t("risk.settings.saved")}
        saveError={t("risk.settings.saveError")}
        submit={t("risk.settings.save")}
        submitClassName="sm:justify-self-start"
      />
    </form>
  );
}

function RunNow() {
  const { t } = useTranslation("admin");
  const run = useRunRisk();
  return (
    <SettingsCard titleId="admin-risk-run" title={t("risk.run.title")} intro={t("risk.run.text")}>
      <Button
        variant="secondary"
        className="sm:justify-self-start"
        disabled={run.isPending}
        onClick={() => run.mutate()}
      >
        {run.isPending ? t("risk.run.running") : t("risk.run.button")}
      </Button>
      {run.data ? (
        <Alert tone="success">
          <span data-testid="risk-run-result">{t("risk.run.done", run.data)}</span>
        </Alert>
      ) : null}
      {run.error ? (
        <Alert tone="error">
          {isApiError(run.error) ? run.error.message : t("risk.run.error")}
        </Alert>
      ) : null}
    </SettingsCard>
  );
}

/** /admin/risk: the risk score's weights and thresholds, and a run on demand (decision 0045). */
export function AdminRiskPage() {
  const { t } = useTranslation("admin");
  const settings = useRiskSettings();
  const title = t("pages.risk");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <SettingsCard
        titleId="admin-risk-settings"
        title={t("risk.settings.title")}
        intro={t("risk.settings.intro")}
        note={t("risk.settings.audited")}
      >
        <QueryState query={settings} retry="inline">
          {(data) => <SettingsForm settings={data} />}
        </QueryState>
      </SettingsCard>
      <RunNow />
    </div>
  );
}
