import {
  type AdminTask,
  type AdminTaskBody,
  LEAGUE_NAMES,
  TASK_KINDS,
  type TaskKind,
} from "@fre/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { AmountHint } from "../../../components/ui/amount-hint";
import { Button } from "../../../components/ui/button";
import { ChoiceOptions } from "../../../components/ui/choice-options";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { inputClasses, TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { useAdminTasks, useCreateTask, useUpdateTask } from "../api/use-tasks";

const card = "grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-4 sm:p-5";
const LANGUAGES = ["fr", "en", "es", "ru", "zh"] as const;

type Texts = Record<string, string>;

/** The kind's parameters from the form's texts (the server validates them again). */
function paramsOf(kind: TaskKind, v: Texts): Record<string, unknown> {
  switch (kind) {
    case "visit_link":
      return { url: v.url?.trim() ?? "", minSeconds: Number(v.minSeconds || 0) };
    case "telegram_channel":
      return { chatId: v.chatId?.trim() ?? "", inviteUrl: v.inviteUrl?.trim() ?? "" };
    case "daily_streak":
      return { days: Number(v.days || 0) };
    case "referrals":
      return { count: Number(v.count || 0) };
    case "league":
      return { tier: v.tier || "silver" };
    default:
      return {};
  }
}

const PARAM_FIELDS: Partial<Record<TaskKind, string[]>> = {
  visit_link: ["url", "minSeconds"],
  telegram_channel: ["chatId", "inviteUrl"],
  daily_streak: ["days"],
  referrals: ["count"],
};

/** A labelled select of the task form. */
function FormSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="grid gap-1 text-sm text-slate-200">
      {label}
      <select
        className={inputClasses}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </label>
  );
}

const REWARD_TYPES = ["fre", "boost"] as const;

function TaskForm() {
  const { t } = useTranslation("admin", { keyPrefix: "tasks" });
  const create = useCreateTask();
  const [kind, setKind] = useState<TaskKind>("visit_link");
  const [rewardType, setRewardType] = useState<(typeof REWARD_TYPES)[number]>("fre");
  const [v, setV] = useState<Texts>({ minSeconds: "15", amount: "", percent: "10", hours: "24" });
  const put = (name: string, value: string) => {
    setV((old) => ({ ...old, [name]: value }));
    create.reset();
  };
  const set = (name: string) => (event: { target: { value: string } }) =>
    put(name, event.target.value);
  /** A text field's value and its handler. */
  const bind = (name: string) => ({ value: v[name] ?? "", onChange: set(name) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      kind,
      title: Object.fromEntries(LANGUAGES.map((l) => [l, (v[`title_${l}`] ?? "").trim()])),
      reward:
        rewardType === "fre"
          ? { type: "fre", amount: v.amount ?? "" }
          : { type: "boost", percent: Number(v.percent), hours: Number(v.hours) },
      params: paramsOf(kind, v),
      maxCompletions: v.maxCompletions ? Number(v.maxCompletions) : null,
      endsAt: v.endsAt ? new Date(v.endsAt).toISOString() : null,
      active: true,
    } as AdminTaskBody;
    create.mutate(body, { onSuccess: () => setV((old) => ({ ...old, amount: "" })) });
  };
  return (
    <form className={card} onSubmit={submit} noValidate data-testid="admin-task-form">
      <h2 className="text-lg font-semibold text-white">{t("create")}</h2>
      <FormSelect label={t("kind")} value={kind} onChange={(value) => setKind(value as TaskKind)}>
        <ChoiceOptions values={TASK_KINDS} label={(k) => t(`kinds.${k}`)} />
      </FormSelect>
      <div className="grid gap-3 sm:grid-cols-2">
        {LANGUAGES.map((l) => (
          <TextField
            key={l}
            label={t("titleIn", { language: l.toUpperCase() })}
            maxLength={80}
            {...bind(`title_${l}`)}
          />
        ))}
      </div>
      {(PARAM_FIELDS[kind] ?? []).map((name) => (
        <TextField
          key={name}
          label={t(`params.${name}` as "params.url")}
          inputMode={
            name === "url" || name === "inviteUrl" || name === "chatId" ? "text" : "numeric"
          }
          {...bind(name)}
        />
      ))}
      {kind === "league" ? (
        <FormSelect
          label={t("params.tier")}
          value={v.tier ?? "silver"}
          onChange={(value) => put("tier", value)}
        >
          <ChoiceOptions values={LEAGUE_NAMES} />
        </FormSelect>
      ) : null}
      <FormSelect
        label={t("rewardType")}
        value={rewardType}
        onChange={(value) => setRewardType(value as (typeof REWARD_TYPES)[number])}
      >
        <ChoiceOptions values={REWARD_TYPES} label={(r) => t(`rewardTypes.${r}`)} />
      </FormSelect>
      {rewardType === "fre" ? (
        <TextField
          label={t("amount")}
          inputMode="decimal"
          {...bind("amount")}
          hint={<AmountHint />}
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t("percent")} inputMode="numeric" {...bind("percent")} />
          <TextField label={t("hours")} inputMode="numeric" {...bind("hours")} />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t("maxCompletions")} inputMode="numeric" {...bind("maxCompletions")} />
        <TextField label={t("endsAt")} type="datetime-local" {...bind("endsAt")} />
      </div>
      {create.isSuccess ? (
        <p role="status" className="text-sm text-emerald-200">
          {t("created")}
        </p>
      ) : null}
      {create.error ? (
        <Alert tone="error">{isApiError(create.error) ? create.error.message : t("failed")}</Alert>
      ) : null}
      <p className="text-sm text-muted">{t("audited")}</p>
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {t("submit")}
      </Button>
    </form>
  );
}

function TaskRow({ task }: { task: AdminTask }) {
  const { t } = useTranslation("admin", { keyPrefix: "tasks" });
  const { language } = useLanguage();
  const update = useUpdateTask();
  return (
    <li className="grid gap-2 rounded-xl border border-night-700 bg-night-900 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-white">{task.title.fr}</span>
        <span className="text-sm text-muted">{t(`kinds.${task.kind}`)}</span>
      </div>
      <p className="text-sm text-slate-300">
        {task.reward.type === "fre"
          ? t("rewardFre", { amount: formatFreSafe(task.reward.amount, language, "balance") })
          : t("rewardBoost", { percent: task.reward.percent, hours: task.reward.hours })}
        {" · "}
        {t("completions", { count: task.completions })}
        {task.maxCompletions !== null ? ` / ${task.maxCompletions}` : ""}
        {" · "}
        {t("cost", { amount: formatFreSafe(task.costFre, language, "balance") })}
        {task.withheld > 0 ? ` · ${t("withheld", { count: task.withheld })}` : ""}
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="justify-self-start"
        disabled={update.isPending}
        onClick={() => update.mutate({ id: task.id, body: { active: !task.active } })}
      >
        {task.active ? t("deactivate") : t("activate")}
      </Button>
      {update.error ? (
        <Alert tone="error">{isApiError(update.error) ? update.error.message : t("failed")}</Alert>
      ) : null}
    </li>
  );
}

/** /admin/tasks: the tasks hub's tasks (elevated admins), each change audited. */
export function AdminTasksPage() {
  const { t } = useTranslation("admin");
  const tasks = useAdminTasks();
  const title = t("pages.tasks");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <TaskForm />
      <section className={card} aria-labelledby="admin-tasks-list">
        <h2 id="admin-tasks-list" className="text-lg font-semibold text-white">
          {t("tasks.list")}
        </h2>
        <QueryState query={tasks} retry="inline">
          {(list) =>
            list.items.length === 0 ? (
              <p className="text-muted">{t("tasks.empty")}</p>
            ) : (
              <ul className="grid gap-2">
                {list.items.map((task) => (
                  <TaskRow key={task.id} task={task} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
