import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Glyph } from "../../../components/ui/glyph";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { TonWalletCard } from "../../ton";
import type { ContestLevel } from "../api/contest-api";
import { confirmDeadline, secondsLeft } from "../contest-state";

const nodeClasses: Record<ContestLevel["status"], string> = {
  done: "border-emerald-300 bg-emerald-400 text-night-950",
  current: "border-amber-300 bg-amber-400 text-night-950 ring-4 ring-amber-400/25",
  locked: "border-night-600 bg-night-800 text-slate-300",
  unavailable: "border-dashed border-night-600 bg-night-850 text-slate-400",
};

const chipClasses: Record<ContestLevel["status"], string> = {
  done: "bg-emerald-500/15 text-emerald-200",
  current: "bg-amber-400/15 text-amber-200",
  locked: "bg-night-700 text-slate-300",
  unavailable: "bg-night-700 text-slate-300",
};

function NodeIcon({ level }: { level: ContestLevel }) {
  if (level.status === "done") {
    return <Glyph name="check" className="size-5" />;
  }
  if (level.status === "locked") {
    return <Glyph name="lock" className="size-4" />;
  }
  return <span className="text-sm font-bold">{level.level}</span>;
}

export interface LevelActions {
  onOpen: (level: number) => void;
  onValidate: (level: number) => void;
  validating: boolean;
  error: string | null;
  openedLocallyAt: number | undefined;
}

/** What a non-social task asks, and where the user goes to do it. */
const TASK_GUIDES = {
  referral: { rule: "inviteRule", link: { to: "/group", label: "inviteLink" } },
  wallet: { rule: "walletRule", link: null },
  purchase: { rule: "purchaseRule", link: { to: "/shop", label: "shopLink" } },
} as const;

/** The social task's link, its 10 s countdown, then "J'ai terminé". */
function SocialTask({ level, actions }: { level: ContestLevel; actions: LevelActions }) {
  const { t } = useTranslation("contest");
  const [now, setNow] = useState(() => Date.now());
  const deadline = confirmDeadline(level.openedAt, actions.openedLocallyAt, now);
  const left = secondsLeft(deadline, now);
  const task = t(`tasks.${level.task}` as "tasks.join_chat");

  useEffect(() => {
    if (deadline === null || left === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [deadline, left]);

  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-300">{t("openHint")}</p>
      <div className="flex flex-wrap items-center gap-2">
        {level.url ? (
          <a
            href={level.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={`contest-open-${level.level}`}
            aria-label={t("openLabel", { task })}
            onClick={() => actions.onOpen(level.level)}
            className={buttonClasses("secondary", "md")}
          >
            {t("open")}
            <Glyph name="external" className="size-4" />
          </a>
        ) : (
          <p className="text-sm text-muted">{t("noLink")}</p>
        )}
        <Button
          data-testid={`contest-validate-${level.level}`}
          data-seconds={left}
          disabled={deadline === null || left > 0 || actions.validating}
          onClick={() => actions.onValidate(level.level)}
        >
          {t("confirm")}
        </Button>
      </div>
      {deadline !== null && left > 0 ? (
        <p className="text-sm font-medium text-amber-200" aria-live="polite">
          {t("countdown", { count: left })}
        </p>
      ) : null}
    </div>
  );
}

export function ContestLevelItem({
  level,
  actions,
  isLast,
}: {
  level: ContestLevel;
  actions: LevelActions;
  isLast: boolean;
}) {
  const { t } = useTranslation("contest");
  const { language } = useLanguage();
  const reward = formatFreSafe(level.reward, language, "rate");
  const current = level.status === "current";

  return (
    <li
      data-testid={`contest-level-${level.level}`}
      data-status={level.status}
      aria-current={current ? "step" : undefined}
      className="relative grid grid-cols-[2.75rem_1fr] gap-3"
    >
      {/* The path: a line down to the next level, gold once this level is done. */}
      {isLast ? null : (
        <span
          aria-hidden="true"
          className={`absolute top-11 bottom-[-0.75rem] left-[1.32rem] w-0.5 ${
            level.status === "done" ? "bg-emerald-400/70" : "bg-night-700"
          }`}
        />
      )}
      <span
        aria-hidden="true"
        className={`relative z-10 grid size-11 place-items-center rounded-full border-2 ${nodeClasses[level.status]}`}
      >
        <NodeIcon level={level} />
      </span>
      <div
        className={`min-w-0 rounded-2xl border p-4 ${
          current ? "border-amber-300/50 bg-night-850" : "border-night-700 bg-night-900"
        }`}
      >
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wide text-muted">
              {t("levelTitle", { level: level.level })}
            </p>
            <h2 className="font-semibold text-white">
              {t(`tasks.${level.task}` as "tasks.join_chat")}
            </h2>
          </div>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${chipClasses[level.status]}`}
          >
            {t(`status.${level.status}`)}
          </span>
        </div>

        {level.status === "done" ? (
          <p className="mt-2 text-sm text-emerald-200">
            <span className="font-semibold">{t("reward", { reward })}</span>
            {level.validatedAt ? (
              <span className="text-muted">
                {" · "}
                {t("validatedOn", { date: formatDateTime(level.validatedAt, language) })}
              </span>
            ) : null}
          </p>
        ) : (
          <p className="mt-1 text-sm font-medium text-amber-200/90">{t("reward", { reward })}</p>
        )}

        {current ? (
          <div className="mt-3 grid gap-3">
            {level.kind === "social" ? (
              <SocialTask level={level} actions={actions} />
            ) : (
              <>
                <p className="text-sm text-slate-300">{t(TASK_GUIDES[level.kind].rule)}</p>
                {level.kind === "wallet" ? <TonWalletCard /> : null}
                <div className="flex flex-wrap gap-2">
                  {TASK_GUIDES[level.kind].link ? (
                    <Link
                      to={TASK_GUIDES[level.kind].link!.to}
                      className={buttonClasses("secondary", "md")}
                    >
                      {t(TASK_GUIDES[level.kind].link!.label)}
                    </Link>
                  ) : null}
                  <Button
                    data-testid={`contest-validate-${level.level}`}
                    disabled={actions.validating}
                    onClick={() => actions.onValidate(level.level)}
                  >
                    {t("validate")}
                  </Button>
                </div>
              </>
            )}
            {actions.error ? <Alert tone="error">{actions.error}</Alert> : null}
          </div>
        ) : level.status === "locked" ? (
          <p className="mt-1 text-sm text-muted">{t("lockedHint")}</p>
        ) : level.status === "unavailable" ? (
          <p className="mt-1 text-sm text-muted">{t("unavailableHint")}</p>
        ) : null}
      </div>
    </li>
  );
}
