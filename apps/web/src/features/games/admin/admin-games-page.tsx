import type { GameLimits } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { SettingsCard } from "../../../components/settings/settings-card";
import { SettingsFormFooter } from "../../../components/settings/settings-form-footer";
import { useNumberFields } from "../../../components/settings/use-number-fields";
import { AmountHint } from "../../../components/ui/amount-hint";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { gameLimitsQueryOptions, useUpdateGameLimits } from "../api/games-admin-api";
import { checkLimits, editableLimit, type LimitField, type LimitIssue } from "./game-limits";

const editable = (limits: GameLimits): Record<LimitField, string> => ({
  minBet: editableLimit(limits.minBet),
  maxBet: editableLimit(limits.maxBet),
});

function LimitsForm({ limits }: { limits: GameLimits }) {
  const { t } = useTranslation("games");
  const [issues, setIssues] = useState<Partial<Record<LimitField, LimitIssue>>>({});
  const save = useUpdateGameLimits();
  const fields = useNumberFields(
    () => editable(limits),
    (name) => {
      setIssues((current) => ({ ...current, [name]: undefined }));
      save.reset();
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkLimits(fields.values);
    setIssues(checked.issues);
    if (checked.body)
      save.mutate(checked.body, { onSuccess: (saved) => fields.replace(editable(saved)) });
    else {
      const first = (["minBet", "maxBet"] as const).find((field) => checked.issues[field]);
      if (first) document.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
    }
  };
  const field = (name: LimitField) => {
    const issue = issues[name];
    return {
      name,
      label: t(`admin.limits.${name}`),
      hint: <AmountHint hint={t(`admin.limits.${name}Hint`)} />,
      inputMode: "decimal" as const,
      autoComplete: "off",
      ...fields.input(name),
      error: issue ? t(`admin.limits.issues.${issue}`) : undefined,
    };
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" data-testid="game-limits-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...field("minBet")} />
        <TextField {...field("maxBet")} />
      </div>
      <SettingsFormFooter
        save={save}
        saved={t("admin.limits.saved")}
        saveError={t("admin.limits.saveError")}
        submit={t("admin.limits.save")}
      />
    </form>
  );
}

/** /admin/games: the bet bounds every game applies, shown and changed (audited by the server). */
export function AdminGamesPage() {
  const { t } = useTranslation("games");
  const { t: ta } = useTranslation("admin");
  const { language } = useLanguage();
  const limits = useQuery(gameLimitsQueryOptions());
  const title = ta("pages.games");
  const freText = (amount: string) => `${formatFreSafe(amount, language, "exact")} FRE`;
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <SettingsCard
        titleId="admin-game-limits"
        title={t("admin.limits.title")}
        intro={t("admin.limits.intro")}
        note={t("admin.limits.audited")}
      >
        <QueryState query={limits} retry="inline">
          {(data) => (
            <div className="grid gap-4">
              <p className="text-sm text-slate-200" data-testid="game-limits-current">
                {t("admin.limits.current", {
                  min: freText(data.minBet),
                  max: freText(data.maxBet),
                })}
              </p>
              <LimitsForm limits={data} />
            </div>
          )}
        </QueryState>
      </SettingsCard>
    </div>
  );
}
