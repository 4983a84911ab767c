import { type CircleSettings, circleSettingsSchema } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { SettingsCard } from "../../../components/settings/settings-card";
import { SettingsFormFooter } from "../../../components/settings/settings-form-footer";
import { numberOf, textsOf, useNumberFields } from "../../../components/settings/use-number-fields";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { circleSettingsQueryOptions, useUpdateCircleSettings } from "../api/circle-admin-api";

const FIELDS = ["minMembers", "maxMembers", "minActive", "capWithout"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const valuesOf = (settings: CircleSettings): Values => textsOf(FIELDS, settings);

/** The form's values as the API's body, checked by the same schema the server applies. */
export function circleSettingsOf(values: Values) {
  return circleSettingsSchema.safeParse(
    Object.fromEntries(FIELDS.map((field) => [field, numberOf(values[field])])),
  );
}

function SettingsForm({ settings }: { settings: CircleSettings }) {
  const { t } = useTranslation("app", { keyPrefix: "circle" });
  const [invalid, setInvalid] = useState(false);
  const save = useUpdateCircleSettings();
  const fields = useNumberFields(
    () => valuesOf(settings),
    () => {
      setInvalid(false);
      save.reset();
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = circleSettingsOf(fields.values);
    setInvalid(!parsed.success);
    if (parsed.success)
      save.mutate(parsed.data, { onSuccess: (saved) => fields.replace(valuesOf(saved)) });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="circle-settings-form">
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field}
            name={field}
            label={t(`admin.${field}`)}
            inputMode="numeric"
            autoComplete="off"
            {...fields.input(field)}
          />
        ))}
      </div>
      <SettingsFormFooter
        save={save}
        invalid={invalid ? t("admin.invalid") : null}
        saved={t("admin.saved")}
        saveError={t("admin.saveError")}
        submit={t("admin.save")}
      />
    </form>
  );
}

/** /admin/circle: the security circle's rules (decision 0043). */
export function AdminCirclePage() {
  const { t } = useTranslation("app", { keyPrefix: "circle" });
  const settings = useQuery(circleSettingsQueryOptions());
  const title = t("admin.title");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <SettingsCard
        titleId="admin-circle-settings"
        title={t("admin.settingsTitle")}
        intro={t("admin.intro")}
        note={t("admin.audited")}
      >
        <QueryState query={settings} retry="inline">
          {(data) => <SettingsForm settings={data} />}
        </QueryState>
      </SettingsCard>
    </div>
  );
}
