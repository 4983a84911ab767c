import type { ChallengeSettings } from "@fre/shared";
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
  adminChallengeSettingsQueryOptions,
  challengeAdminKeys,
  updateAdminChallengeSettings,
} from "../api/challenge-admin-api";

const card = "grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-4";
const FIELDS = ["maxNumber", "busyMaxNumber", "busySignUps"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const valuesOf = (s: ChallengeSettings): Values => ({
  maxNumber: String(s.maxNumber),
  busyMaxNumber: String(s.busyMaxNumber),
  busySignUps: String(s.busySignUps),
});

/** The form's text as the API's body (the server validates and bounds every field). */
const bodyOf = (v: Values): ChallengeSettings => ({
  maxNumber: Number(v.maxNumber.replace(/\s/g, "")),
  busyMaxNumber: Number(v.busyMaxNumber.replace(/\s/g, "")),
  busySignUps: Number(v.busySignUps.replace(/\s/g, "")),
});

function SettingsForm({ settings }: { settings: ChallengeSettings }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(settings));
  const save = useMutation({
    mutationFn: updateAdminChallengeSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(challengeAdminKeys.settings(), saved);
      setValues(valuesOf(saved));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(bodyOf(values));
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="challenge-admin-form">
      <div className="grid gap-3 sm:grid-cols-3">
        {FIELDS.map((name) => (
          <TextField
            key={name}
            label={t(`challenge.${name}`)}
            hint={t(`challenge.${name}Hint`)}
            inputMode="numeric"
            autoComplete="off"
            value={values[name]}
            onChange={(event) => {
              setValues({ ...values, [name]: event.target.value });
              save.reset();
            }}
          />
        ))}
      </div>
      {save.isSuccess ? <Alert tone="success">{t("challenge.saved")}</Alert> : null}
      {save.error ? (
        <Alert tone="error">
          {isApiError(save.error) ? save.error.message : t("challenge.saveError")}
        </Alert>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {t("challenge.save")}
      </Button>
    </form>
  );
}

/** /admin/challenge: the proof of work's difficulty (audited by the server, decision 0044). */
export function AdminChallengePage() {
  const { t } = useTranslation("admin");
  const settings = useQuery(adminChallengeSettingsQueryOptions());
  const title = t("pages.challenge");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <section className={card} aria-labelledby="admin-challenge-title">
        <div className="grid gap-1">
          <h2 id="admin-challenge-title" className="text-lg font-bold text-white">
            {t("challenge.title")}
          </h2>
          <p className="text-sm text-muted">{t("challenge.intro")}</p>
        </div>
        <QueryState query={settings} retry="inline">
          {(data) => <SettingsForm key={JSON.stringify(data)} settings={data} />}
        </QueryState>
        <p className="text-xs text-muted">{t("challenge.audited")}</p>
      </section>
    </div>
  );
}
