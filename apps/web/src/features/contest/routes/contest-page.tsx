import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { Sparks } from "../../../components/ui/sparks";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { type Contest, type ContestLevel, contestKeys } from "../api/contest-api";
import { ContestLevelItem } from "../components/contest-level-item";
import { doneCount, newlyDone, orderedLevels } from "../contest-state";
import { useContest, useOpenTask, useValidateLevel } from "../hooks";

const CELEBRATION_MS = 5000;

/** /contest: the 10 levels as a vertical path, each validated level +0.02 FRE/h for good. */
export function ContestPage() {
  const { t } = useTranslation("contest");
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const contest = useContest();
  const open = useOpenTask();
  const validate = useValidateLevel();
  const [openedLocally, setOpenedLocally] = useState<Record<number, number>>({});
  const [celebrated, setCelebrated] = useState<ContestLevel | null>(null);
  const title = tc("pages.contest");

  useEffect(() => {
    if (!celebrated) return;
    const timer = window.setTimeout(() => setCelebrated(null), CELEBRATION_MS);
    return () => window.clearTimeout(timer);
  }, [celebrated]);

  const levels = orderedLevels(contest.data?.levels ?? []);
  const done = doneCount(levels);
  const allAvailableDone =
    levels.length > 0 &&
    levels.every((level) => level.status === "done" || level.status === "unavailable");

  const actions = {
    onOpen: (level: number) => {
      // The first click starts the wait; later clicks keep it (the server counts the first one).
      setOpenedLocally((current) =>
        current[level] !== undefined ? current : { ...current, [level]: Date.now() },
      );
      open.mutate(level);
    },
    onValidate: (level: number) => {
      const before = queryClient.getQueryData<Contest>(contestKeys.all);
      validate.mutate(level, {
        onSuccess: (after) => setCelebrated(newlyDone(before, after)),
      });
    },
    validating: validate.isPending,
    error: validate.isError ? validate.error.message : null,
  };

  return (
    <div className="grid grid-cols-1 gap-5">
      <div>
        <PageTitle title={title}>{title}</PageTitle>
        <p className="mt-1 text-sm text-muted">{t("intro")}</p>
      </div>

      <QueryState query={contest} error={t("loadFailed")} retry="inline">
        {(data) => (
          <>
            <div className="grid gap-2 rounded-2xl border border-night-700 bg-night-900 p-4">
              <p className="text-sm font-semibold text-white">{t("progress", { done })}</p>
              <div
                role="progressbar"
                aria-label={t("progressLabel")}
                aria-valuemin={0}
                aria-valuemax={10}
                aria-valuenow={done}
                className="h-2.5 overflow-hidden rounded-full bg-night-700"
              >
                <div
                  className="h-full rounded-full bg-gradient-to-r from-amber-300 to-emerald-400 transition-[width] duration-500 motion-reduce:transition-none"
                  style={{ width: `${(done / 10) * 100}%` }}
                />
              </div>
            </div>

            <div role="status" aria-live="polite" className="empty:hidden">
              {celebrated ? (
                <div
                  data-testid="contest-celebration"
                  className="relative overflow-hidden rounded-2xl border border-emerald-400/50 bg-emerald-500/10 px-4 py-4 text-center font-semibold text-emerald-100"
                >
                  <Sparks count={12} reach={70} step={24} />
                  <span className="relative">
                    {t("celebrate", {
                      level: celebrated.level,
                      reward: formatFreSafe(celebrated.reward, language, "rate"),
                    })}
                  </span>
                </div>
              ) : null}
            </div>

            {allAvailableDone ? <Alert tone="success">{t("completed")}</Alert> : null}
            {open.isError ? <Alert tone="error">{open.error.message}</Alert> : null}

            <ol data-testid="contest-levels" data-level={data.level} className="grid gap-3">
              {levels.map((level, index) => (
                <ContestLevelItem
                  key={level.level}
                  level={level}
                  isLast={index === levels.length - 1}
                  actions={{ ...actions, openedLocallyAt: openedLocally[level.level] }}
                />
              ))}
            </ol>
          </>
        )}
      </QueryState>
    </div>
  );
}
