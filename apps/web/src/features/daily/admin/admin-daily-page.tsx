import { type DailyAdminSettings, parseTypedAmount } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { SettingsCard } from "../../../components/settings/settings-card";
import { SettingsFormFooter } from "../../../components/settings/settings-form-footer";
import { textsOf, useNumberFields } from "../../../components/settings/use-number-fields";
import { AmountHint } from "../../../components/ui/amount-hint";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import {
  adminDailySettingsQueryOptions,
  useUpdateAdminDailySettings,
} from "../api/daily-admin-api";

const NUMBERS = ["boostPercent", "boostHours", "claimsPerFreeze", "maxFreezes"] as const;
type Numbers = Record<(typeof NUMBERS)[number], string>;

const numbersOf = (s: DailyAdminSettings): Numbers => textsOf(NUMBERS, s);

/** A reward as typed (« 1 000,5 ») in the API's form; the server refuses one it cannot read. */
const rewardOf = (typed: string) => {
  const parsed = parseTypedAmount(typed);
  return parsed.ok ? parsed.value : typed.trim();
};

/** The form's text as the API's body (the server validates and bounds every field). */
export const dailySettingsBodyOf = (rewards: string[], numbers: Numbers): DailyAdminSettings => ({
  rewards: rewards.map(rewardOf),
  boostPercent: Number(numbers.boostPercent),
  boostHours: Number(numbers.boostHours),
  claimsPerFreeze: Number(numbers.claimsPerFreeze),
  maxFreezes: Number(numbers.maxFreezes),
});

function SettingsForm({ settings }: { settings: DailyAdminSettings }) {
  const { t } = useTranslation("app");
  const save = useUpdateAdminDailySettings();
  // The seven rewards are a list (day 1 to 7); the four rules are named fields.
  const [rewards, setRewards] = useState(() => [...settings.rewards]);
  const numbers = useNumberFields(() => numbersOf(settings), save.reset);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(dailySettingsBodyOf(rewards, numbers.values), {
      onSuccess: (saved) => {
        setRewards([...saved.rewards]);
        numbers.replace(numbersOf(saved));
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="daily-admin-form">
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold text-white">{t("daily.admin.rewards")}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {rewards.map((reward, index) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: the seven days are fixed positions
              key={index}
              label={t("daily.track.day", { day: index + 1 })}
              inputMode="decimal"
              autoComplete="off"
              hint={<AmountHint />}
              value={reward}
              onChange={(event) => {
                const { value } = event.target;
                setRewards((current) => current.map((r, i) => (i === index ? value : r)));
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
            {...numbers.input(name)}
          />
        ))}
      </div>
      <SettingsFormFooter
        save={save}
        saved={t("daily.admin.saved")}
        saveError={t("daily.admin.saveError")}
        submit={t("daily.admin.save")}
      />
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
      <SettingsCard
        titleId="admin-daily-title"
        title={t("daily.admin.title")}
        intro={t("daily.admin.intro")}
        note={t("daily.admin.audited")}
      >
        <QueryState query={settings} retry="inline">
          {(data) => <SettingsForm settings={data} />}
        </QueryState>
      </SettingsCard>
    </div>
  );
}
