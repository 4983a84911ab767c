import type { DailyAdminSettings } from "@fre/shared";
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
  adminDailySettingsQueryOptions,
  dailyAdminKeys,
  updateAdminDailySettings,
} from "../api/daily-admin-api";

const card = "grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-4";
const NUMBERS = ["boostPercent", "boostHours", "claimsPerFreeze", "maxFreezes"] as const;
type NumberField = (typeof NUMBERS)[number];

interface Values {
  rewards: string[];
  numbers: Record<NumberField, string>;
}

const valuesOf = (s: DailyAdminSettings): Values => ({
  rewards: [...s.rewards],
  numbers: {
    boostPercent: String(s.boostPercent),
    boostHours: String(s.boostHours),
    claimsPerFreeze: String(s.claimsPerFreeze),
    maxFreezes: String(s.maxFreezes),
  },
});

/** The form's text as the API's body (the server validates and bounds every field). */
const bodyOf = (v: Values): DailyAdminSettings => ({
  rewards: v.rewards.map((r) => r.trim().replace(",", ".")),
  boostPercent: Number(v.numbers.boostPercent),
  boostHours: Number(v.numbers.boostHours),
  claimsPerFreeze: Number(v.numbers.claimsPerFreeze),
  maxFreezes: Number(v.numbers.maxFreezes),
});

function SettingsForm({ settings }: { settings: DailyAdminSettings }) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(settings));
  const save = useMutation({
    mutationFn: updateAdminDailySettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(dailyAdminKeys.settings(), saved);
      setValues(valuesOf(saved));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(bodyOf(values));
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="daily-admin-form">
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold text-white">{t("daily.admin.rewards")}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {values.rewards.map((reward, index) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: the seven days are fixed positions
              key={index}
              label={t("daily.track.day", { day: index + 1 })}
              inputMode="decimal"
              autoComplete="off"
              value={reward}
              onChange={(event) => {
                const next = [...values.rewards];
                next[index] = event.target.value;
                setValues({ ...values, rewards: next });
                save.reset();
              }}
            />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {NUMBERS.map((name) => (
          <TextField
            key={name}
            label={t(`daily.admin.${name}`)}
            hint={t(`daily.admin.${name}Hint`)}
            inputMode="numeric"
            autoComplete="off"
            value={values.numbers[name]}
            onChange={(event) => {
              setValues({ ...values, numbers: { ...values.numbers, [name]: event.target.value } });
              save.reset();
            }}
          />
        ))}
      </div>
      {save.isSuccess ? <Alert tone="success">{t("daily.admin.saved")}</Alert> : null}
      {save.error ? (
        <Alert tone="error">
          {isApiError(save.error) ? save.error.message : t("daily.admin.saveError")}
        </Alert>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {t("daily.admin.save")}
      </Button>
    </form>
  );
}

/** /admin/daily: the streak's rewards, day-7 boost and freeze rules (audited by the server). */
export function AdminDailyPage() {
  const { t } = useTranslation("app");
  const { t: ta } = useTranslation("admin");
  const settings = useQuery(adminDailySettingsQueryOptions());
  const title = ta("pages.daily");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <section className={card} aria-labelledby="admin-daily-title">
        <div className="grid gap-1">
          <h2 id="admin-daily-title" className="text-lg font-bold text-white">
            {t("daily.admin.title")}
          </h2>
          <p className="text-sm text-muted">{t("daily.admin.intro")}</p>
        </div>
        <QueryState query={settings} retry="inline">
          {(data) => <SettingsForm key={JSON.stringify(data)} settings={data} />}
        </QueryState>
        <p className="text-xs text-muted">{t("daily.admin.audited")}</p>
      </section>
    </div>
  );
}
