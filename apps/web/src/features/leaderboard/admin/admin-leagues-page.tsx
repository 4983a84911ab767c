import {
  type AdminLeagues,
  LEAGUE_NAMES,
  type LeagueName,
  type LeagueSettings,
  leagueSettingsSchema,
} from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { SettingsFormFooter } from "../../../components/settings/settings-form-footer";
import { Alert } from "../../../components/ui/alert";
import { AmountHint } from "../../../components/ui/amount-hint";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { formatNumber } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import {
  adminLeaguesQueryOptions,
  leagueSettingsQueryOptions,
  useUpdateLeagueSettings,
} from "../api/leagues-api";

const card = "grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-4";
const THRESHOLD_LEAGUES = ["silver", "gold", "platinum", "diamond"] as const;

/** "5.000000000" → "5": what an admin types back. */
const editable = (amount: string) => amount.replace(/\.?0+$/, "") || "0";

type Values = Record<string, string>;

function valuesOf(settings: LeagueSettings): Values {
  return {
    ...Object.fromEntries(
      THRESHOLD_LEAGUES.map((league) => [`t-${league}`, editable(settings.thresholds[league])]),
    ),
    ...Object.fromEntries(settings.rewards.map((reward, i) => [`r-${i}`, editable(reward)])),
    ...Object.fromEntries(
      LEAGUE_NAMES.map((league) => [`m-${league}`, String(settings.multipliers[league])]),
    ),
  };
}

/** The form's values as the API's body, checked by the same schema the server applies. */
export function settingsOf(values: Values) {
  const candidate = {
    thresholds: Object.fromEntries(THRESHOLD_LEAGUES.map((l) => [l, values[`t-${l}`] ?? ""])),
    rewards: [0, 1, 2].map((i) => values[`r-${i}`] ?? ""),
    multipliers: Object.fromEntries(
      LEAGUE_NAMES.map((l) => [l, Number((values[`m-${l}`] ?? "").trim() || Number.NaN)]),
    ),
  };
  return leagueSettingsSchema.safeParse(candidate);
}

function SettingsForm({ settings }: { settings: LeagueSettings }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [invalid, setInvalid] = useState(false);
  const save = useUpdateLeagueSettings({ onSaved: (saved) => setValues(valuesOf(saved)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = settingsOf(values);
    setInvalid(!parsed.success);
    if (parsed.success) save.mutate(parsed.data);
  };
  const field = (name: string, label: string, numeric = false) => ({
    name,
    label,
    inputMode: numeric ? ("numeric" as const) : ("decimal" as const),
    // Thresholds and rewards are FRE amounts, read by leagueSettingsSchema (parseTypedAmount).
    hint: numeric ? undefined : <AmountHint />,
    autoComplete: "off",
    value: values[name] ?? "",
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setInvalid(false);
      save.reset();
    },
  });
  const league = (l: LeagueName) => t(`leaguesAdmin.league.${l}`);
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="league-settings-form">
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold text-white">{t("leaguesAdmin.thresholds")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {THRESHOLD_LEAGUES.map((l) => (
            <TextField
              key={l}
              {...field(`t-${l}`, t("leaguesAdmin.thresholdOf", { league: league(l) }))}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold text-white">{t("leaguesAdmin.rewards")}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <TextField
              key={i}
              {...field(
                `r-${i}`,
                t("leaguesAdmin.rewardOf", {
                  count: i + 1,
                  ordinal: true,
                  rank: formatNumber(i + 1, language),
                }),
              )}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold text-white">{t("leaguesAdmin.multipliers")}</legend>
        <div className="grid gap-3 sm:grid-cols-5">
          {LEAGUE_NAMES.map((l) => (
            <TextField key={l} {...field(`m-${l}`, league(l), true)} />
          ))}
        </div>
      </fieldset>
      <SettingsFormFooter
        save={save}
        invalid={invalid ? t("leaguesAdmin.invalid") : null}
        saved={t("leaguesAdmin.saved")}
        saveError={t("leaguesAdmin.saveError")}
        submit={t("leaguesAdmin.save")}
      />
    </form>
  );
}

export function LeaguesOverview({ data }: { data: AdminLeagues }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  return (
    <div className="grid gap-3" data-testid="admin-leagues-overview">
      <p className="text-sm text-slate-300">
        {t("leaguesAdmin.week", {
          week: data.week,
          end: new Date(data.endsAt).toLocaleString(language, { timeZone: "UTC" }),
        })}
      </p>
      {data.unsettledWeeks.length > 0 ? (
        <Alert tone="info">
          {t("leaguesAdmin.unsettled", { weeks: data.unsettledWeeks.join(", ") })}
        </Alert>
      ) : null}
      <ul className="grid gap-2">
        {data.leagues.map((row) => (
          <li
            key={row.league}
            className="grid gap-1 rounded-xl border border-night-700 bg-night-900 px-3 py-2"
          >
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-semibold text-white">
                {t(`leaguesAdmin.league.${row.league}`)}
              </span>
              <span className="text-sm text-slate-300">
                {t("leaguesAdmin.counts", {
                  members: t("leaguesAdmin.members", {
                    count: row.members,
                    value: formatNumber(row.members, language),
                  }),
                  groups: t("leaguesAdmin.groups", {
                    count: row.groups,
                    value: formatNumber(row.groups, language),
                  }),
                })}
              </span>
            </p>
            {row.top.length > 0 ? (
              <ol className="grid gap-0.5 text-sm text-slate-300">
                {row.top.map((top, i) => (
                  <li key={`${top.group}-${top.nickname}`}>
                    {i + 1}. {top.nickname} —{" "}
                    {t("leaguesAdmin.topLine", {
                      group: formatNumber(top.group, language),
                      amount: formatFreSafe(top.mined, language, "balance"),
                    })}
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /admin/leagues: this week's leagues, and the rules (thresholds, rewards, multipliers). */
export function AdminLeaguesPage() {
  const { t } = useTranslation("admin");
  const overview = useQuery(adminLeaguesQueryOptions());
  const settings = useQuery(leagueSettingsQueryOptions());
  const title = t("pages.leagues");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <section className={card} aria-labelledby="admin-leagues-week">
        <h2 id="admin-leagues-week" className="text-lg font-bold text-white">
          {t("leaguesAdmin.overviewTitle")}
        </h2>
        <QueryState query={overview} retry="inline">
          {(data) => <LeaguesOverview data={data} />}
        </QueryState>
      </section>
      <section className={card} aria-labelledby="admin-leagues-settings">
        <div className="grid gap-1">
          <h2 id="admin-leagues-settings" className="text-lg font-bold text-white">
            {t("leaguesAdmin.settingsTitle")}
          </h2>
          <p className="text-sm text-muted">{t("leaguesAdmin.settingsIntro")}</p>
        </div>
        <QueryState query={settings} retry="inline">
          {/* Not keyed by the data: a save's new settings would remount the form and drop its
              « saved » (the form takes the saved values itself). */}
          {(data) => <SettingsForm settings={data} />}
        </QueryState>
        <p className="text-xs text-muted">{t("leaguesAdmin.audited")}</p>
      </section>
    </div>
  );
}
