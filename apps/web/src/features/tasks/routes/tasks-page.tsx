import type { TaskList, TaskReward, TaskView } from "@fre/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Glyph } from "../../../components/ui/glyph";
import { PageHeader } from "../../../components/ui/page-header";
import { QueryState } from "../../../components/ui/query-state";
import { isApiError } from "../../../lib/api-client";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { useStartTask, useTasks, useVerifyTask } from "../api/use-tasks";

const card = "grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4 sm:p-5";

function RewardText({ reward }: { reward: TaskReward }) {
  const { t } = useTranslation("app", { keyPrefix: "tasks" });
  const { language } = useLanguage();
  return reward.type === "fre"
    ? t("reward.fre", { amount: formatFreSafe(reward.amount, language, "balance") })
    : t("reward.boost", { percent: reward.percent, hours: reward.hours });
}

/** What the task asks, in words (the admin's title says which link or channel). */
function WhatToDo({ task }: { task: TaskView }) {
  const { t } = useTranslation("app", { keyPrefix: "tasks" });
  switch (task.kind) {
    case "visit_link":
      return t("todo.visit_link", { count: task.minSeconds ?? 0 });
    case "daily_streak":
      return t("todo.daily_streak", { count: Number(task.target) });
    case "referrals":
      return t("todo.referrals", { count: Number(task.target) });
    case "league":
      return t("todo.league", { tier: t(`tiers.${String(task.target)}` as "tiers.bronze") });
    default:
      return t(`todo.${task.kind}` as "todo.wallet_linked");
  }
}

function TaskItem({ task }: { task: TaskView }) {
  const { t } = useTranslation("app", { keyPrefix: "tasks" });
  const start = useStartTask();
  const verify = useVerifyTask();
  const [verified, setVerified] = useState<{ withheld: boolean } | null>(null);
  const open = task.status === "todo" || task.status === "started";
  const error = verify.error ?? start.error;
  return (
    <li className={card} data-testid={`task-${task.id}`} data-status={task.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2 className="font-semibold text-white">{task.title}</h2>
          <p className="text-sm text-slate-300">
            <WhatToDo task={task} />
          </p>
        </div>
        <span className="rounded-full bg-night-900 px-3 py-1 text-sm font-semibold text-amber-200">
          <RewardText reward={task.reward} />
        </span>
      </div>
      <p className="text-sm text-muted" data-testid="task-status">
        {task.status === "completed" && (task.rewardWithheld || verified?.withheld)
          ? t("status.withheld")
          : t(`status.${task.status}`)}
      </p>
      {open ? (
        <div className="flex flex-wrap items-center gap-2">
          {task.url ? (
            <a
              href={task.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses("secondary", "md")}
              onClick={() => start.mutate(task.id)}
            >
              {task.kind === "telegram_channel" ? t("openChannel") : t("openLink")}
              <Glyph name="external" className="size-4" />
            </a>
          ) : null}
          <Button
            disabled={verify.isPending}
            onClick={() =>
              verify.mutate(task.id, {
                onSuccess: (result) => setVerified({ withheld: result.rewardWithheld }),
              })
            }
          >
            {t("verify")}
          </Button>
        </div>
      ) : null}
      {verified && !verified.withheld ? (
        <p role="status" className="text-sm text-emerald-200">
          {t("done")}
        </p>
      ) : null}
      {error ? <Alert tone="error">{isApiError(error) ? error.message : t("failed")}</Alert> : null}
    </li>
  );
}

function LeftToEarn({ list }: { list: TaskList }) {
  const { t } = useTranslation("app", { keyPrefix: "tasks" });
  const { language } = useLanguage();
  return (
    <section className={card} aria-labelledby="tasks-left-title" data-testid="tasks-left">
      <h2 id="tasks-left-title" className="text-sm text-muted">
        {t("left.title")}
      </h2>
      <p className="text-2xl font-bold tabular-nums text-amber-200">
        {t("left.fre", { amount: formatFreSafe(list.leftToEarnFre, language, "balance") })}
      </p>
      {list.boostsLeft > 0 ? (
        <p className="text-sm text-slate-300">{t("left.boosts", { count: list.boostsLeft })}</p>
      ) : null}
    </section>
  );
}

/** /tasks « Gagner »: what is left to earn today, each task's state, one tap to act, one to verify. */
export function TasksPage() {
  const { t } = useTranslation("app", { keyPrefix: "tasks" });
  const tasks = useTasks();
  return (
    <div className="grid grid-cols-1 gap-5">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <QueryState query={tasks}>
        {(list) => (
          <>
            <LeftToEarn list={list} />
            {list.items.length === 0 ? (
              <p className="text-muted">{t("empty")}</p>
            ) : (
              <ul className="grid gap-3" data-testid="tasks-list">
                {list.items.map((task) => (
                  <TaskItem key={task.id} task={task} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
