import { type CircleSettings, circleSettingsSchema } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import {
  circleAdminKeys,
  circleSettingsQueryOptions,
  updateCircleSettings,
} from "../api/circle-admin-api";

const card = "grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-4";
const FIELDS = ["minMembers", "maxMembers", "minActive", "capWithout"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const valuesOf = (settings: CircleSettings): Values => ({
  minMembers: String(settings.minMembers),
  maxMembers: String(settings.maxMembers),
  minActive: String(settings.minActive),
  capWithout: String(settings.capWithout),
});

/** The form's values as the API's body, checked by the same schema the server applies. */
export function circleSettingsOf(values: Values) {
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));
  return circleSettingsSchema.safeParse(
    Object.fromEntries(FIELDS.map((field) => [field, number(values[field])])),
  );
}

function SettingsForm({ settings }: { settings: CircleSettings }) {
  const { t } = useTranslation("app", { keyPrefix: "circle" });
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: updateCircleSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(circleAdminKeys.settings(), saved);
      setValues(valuesOf(saved));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = circleSettingsOf(values);
    setInvalid(!parsed.success);
    if (parsed.success) save.mutate(parsed.data);
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
            value={values[field]}
            onChange={(event) => {
              setValues((current) => ({ ...current, [field]: event.target.value }));
              setInvalid(false);
              save.reset();
            }}
          />
        ))}
      </div>
      {invalid ? <Alert tone="error">{t("admin.invalid")}</Alert> : null}
      {save.isSuccess ? <Alert tone="success">{t("admin.saved")}</Alert> : null}
      {save.error ? (
        <Alert tone="error">
          {isApiError(save.error) ? save.error.message : t("admin.saveError")}
        </Alert>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {t("admin.save")}
      </Button>
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
      <section className={card} aria-labelledby="admin-circle-settings">
        <div className="grid gap-1">
          <h2 id="admin-circle-settings" className="text-lg font-bold text-white">
            {t("admin.settingsTitle")}
          </h2>
          <p className="text-sm text-muted">{t("admin.intro")}</p>
        </div>
        <QueryState query={settings} retry="inline">
          {(data) => <SettingsForm key={JSON.stringify(data)} settings={data} />}
        </QueryState>
        <p className="text-xs text-muted">{t("admin.audited")}</p>
      </section>
    </div>
  );
}
