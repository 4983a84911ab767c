import type { ChallengeSettings } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SettingsCard } from "../../../components/settings/settings-card";
import { SettingsFormFooter } from "../../../components/settings/settings-form-footer";
import { textsOf, useNumberFields } from "../../../components/settings/use-number-fields";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import {
  adminChallengeSettingsQueryOptions,
  useUpdateAdminChallengeSettings,
} from "../api/challenge-admin-api";

const FIELDS = ["maxNumber", "busyMaxNumber", "busySignUps"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const valuesOf = (s: ChallengeSettings): Values => textsOf(FIELDS, s);

/** The form's text as the API's body (the server validates and bounds every field). */
const bodyOf = (v: Values): ChallengeSettings => ({
  maxNumber: Number(v.maxNumber.replace(/\s/g, "")),
  busyMaxNumber: Number(v.busyMaxNumber.replace(/\s/g, "")),
  busySignUps: Number(v.busySignUps.replace(/\s/g, "")),
});

function SettingsForm({ settings }: { settings: ChallengeSettings }) {
  const { t } = useTranslation("admin");
  const save = useUpdateAdminChallengeSettings();
  const fields = useNumberFields(() => valuesOf(settings), save.reset);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(bodyOf(fields.values), { onSuccess: (saved) => fields.replace(valuesOf(saved)) });
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
            {...fields.input(name)}
          />
        ))}
      </div>
      <SettingsFormFooter
        save={save}
        saved={t("challenge.saved")}
        saveError={t("challenge.saveError")}
        submit={t("challenge.save")}
      />
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
      <SettingsCard
        titleId="admin-challenge-title"
        title={t("challenge.title")}
        intro={t("challenge.intro")}
        note={t("challenge.audited")}
      >
        <QueryState query={settings} retry="inline">
          {(data) => <SettingsForm settings={data} />}
        </QueryState>
      </SettingsCard>
    </div>
  );
}
