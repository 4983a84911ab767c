import type { GameLimits } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { gameLimitsQueryOptions, gamesAdminKeys, updateGameLimits } from "../api/games-admin-api";
import { gamesKeys } from "../api/games-api";
import { checkLimits, editableLimit, type LimitField, type LimitIssue } from "./game-limits";

const card = "grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-4";

function LimitsForm({ limits }: { limits: GameLimits }) {
  const { t } = useTranslation("games");
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<LimitField, string>>({
    minBet: editableLimit(limits.minBet),
    maxBet: editableLimit(limits.maxBet),
  });
  const [issues, setIssues] = useState<Partial<Record<LimitField, LimitIssue>>>({});
  const save = useMutation({
    mutationFn: updateGameLimits,
    onSuccess: (saved) => {
      queryClient.setQueryData(gamesAdminKeys.limits(), saved);
      setValues({ minBet: editableLimit(saved.minBet), maxBet: editableLimit(saved.maxBet) });
      // The players' screens read the bounds from GET /api/games.
      void queryClient.invalidateQueries({ queryKey: gamesKeys.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkLimits(values);
    setIssues(checked.issues);
    if (checked.body) save.mutate(checked.body);
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
      hint: t(`admin.limits.${name}Hint`),
      inputMode: "decimal" as const,
      autoComplete: "off",
      value: values[name],
      error: issue ? t(`admin.limits.issues.${issue}`) : undefined,
      onChange: (event: { target: { value: string } }) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        setIssues((current) => ({ ...current, [name]: undefined }));
        save.reset();
      },
    };
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" data-testid="game-limits-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...field("minBet")} />
        <TextField {...field("maxBet")} />
      </div>
      {save.isSuccess ? <Alert tone="success">{t("admin.limits.saved")}</Alert> : null}
      {save.error ? (
        <Alert tone="error">
          {isApiError(save.error) ? save.error.message : t("admin.limits.saveError")}
        </Alert>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {t("admin.limits.save")}
      </Button>
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
      <section className={card} aria-labelledby="admin-game-limits">
        <div className="grid gap-1">
          <h2 id="admin-game-limits" className="text-lg font-bold text-white">
            {t("admin.limits.title")}
          </h2>
          <p className="text-sm text-muted">{t("admin.limits.intro")}</p>
        </div>
        <QueryState query={limits} retry="inline">
          {(data) => (
            <div className="grid gap-4">
              <p className="text-sm text-slate-200" data-testid="game-limits-current">
                {t("admin.limits.current", {
                  min: freText(data.minBet),
                  max: freText(data.maxBet),
                })}
              </p>
              <LimitsForm key={`${data.minBet}-${data.maxBet}`} limits={data} />
            </div>
          )}
        </QueryState>
        <p className="text-xs text-muted">{t("admin.limits.audited")}</p>
      </section>
    </div>
  );
}
