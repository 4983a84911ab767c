import {
  EARNINGS_TICK_MS,
  formatRemaining,
  RATE_REFRESH_MS,
  SESSION_DURATION_MS,
} from "@fre/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Sparks } from "../../../components/ui/sparks";
import { Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { formatFre } from "../../../lib/fre-amount";
import { queryKeys } from "../../../lib/query-keys";
import { focusVerificationResend } from "../../email-verification";
import type { MiningSnapshot } from "../api/mining-api";
import { useCalmAnnouncement } from "../hooks/use-calm-announcement";
import { useNow, useSettleMining, useStartMining } from "../hooks/use-mining";
import {
  liveEarningsNano,
  type MiningPhase,
  miningPhase,
  remainingMs,
  serverNow,
  sessionProgress,
} from "../mining-clock";
import { EarningsCounter } from "./earnings-counter";
import { ProgressRing } from "./progress-ring";

const CLOCK_TICK_MS = 1000;

const chip: Record<MiningPhase, string> = {
  idle: "border-night-600 bg-night-800 text-slate-200",
  active: "border-emerald-400/40 bg-emerald-400/10 text-emerald-200",
  ended: "border-amber-300/50 bg-amber-400/15 text-amber-100",
  claimed: "border-sky-400/40 bg-sky-400/10 text-sky-100",
};

interface MiningPanelProps {
  snapshot: MiningSnapshot;
  emailVerified: boolean;
}

/** The session: live counter in a 24 h ring, its state, and the one action that fits. */
export function MiningPanel({ snapshot, emailVerified }: MiningPanelProps) {
  const { t, i18n } = useTranslation("app");
  const { t: tc } = useTranslation();
  const language = i18n.resolvedLanguage ?? "fr";
  const queryClient = useQueryClient();
  const hintId = useId();
  const { session } = snapshot;

  const start = useStartMining();
  const claim = useSettleMining("claim");
  const stop = useSettleMining("stop");
  const [confirmStop, setConfirmStop] = useState(false);

  const running = session !== null && !session.claimed;
  const localNow = useNow(CLOCK_TICK_MS, running);
  const now = serverNow(snapshot.clockOffsetMs, localNow);
  const phase = miningPhase(session, now);
  // The counter moves every 2 s (spec §4), the clock every second.
  const earningsAt = now - (now % EARNINGS_TICK_MS);
  const earnings = session ? liveEarningsNano(session, earningsAt) : 0n;
  const remaining = session
    ? formatRemaining(remainingMs(session, now))
    : formatRemaining(SESSION_DURATION_MS);
  const progress = session ? sessionProgress(session, now) : 0;

  // Never let the counter step back (a re-check can move the clock offset a few ms).
  const shown = useRef({ id: "", nano: 0n });
  let earningsShown = earnings;
  if (session && phase === "active") {
    if (shown.current.id === session.id && shown.current.nano > earnings) {
      earningsShown = shown.current.nano;
    }
    shown.current = { id: session.id, nano: earningsShown };
  }

  // Our clock says the session just ended: let the server confirm it.
  const previousPhase = useRef(phase);
  useEffect(() => {
    if (previousPhase.current === "active" && phase === "ended") {
      void queryClient.invalidateQueries({ queryKey: queryKeys.mining });
    }
    previousPhase.current = phase;
  }, [phase, queryClient]);

  const settled = claim.data ?? stop.data;
  const justSettled = settled && session && settled.session?.id === session.id ? settled : null;
  const amount = (nano: bigint | string, max = 9) =>
    formatFre(nano, language, { minFractionDigits: 2, maxFractionDigits: max });

  const failure = start.error ?? claim.error ?? stop.error;
  const failureText = failure
    ? isApiError(failure)
      ? failure.message
      : tc("errors.generic")
    : undefined;

  const busy = start.isPending || claim.isPending || stop.isPending;
  const reset = () => {
    start.reset();
    claim.reset();
    stop.reset();
  };

  const announcement = useCalmAnnouncement(
    phase === "active"
      ? t("mining.sr.active", { amount: amount(earningsShown, 6), remaining })
      : t(`mining.status.${phase}`),
    phase,
    RATE_REFRESH_MS,
  );

  const hint =
    phase === "idle"
      ? t("mining.hint.idle")
      : phase === "active"
        ? t("mining.hint.active", {
            time: session ? formatDateTime(session.endTime, language) : "",
          })
        : phase === "ended"
          ? t("mining.hint.ended")
          : justSettled
            ? t("mining.hint.claimed")
            : t("mining.hint.last", {
                amount: session ? amount(session.earnings, 6) : "0",
              });

  const startButton = (
    <>
      <Button
        data-testid="mining-start"
        size="lg"
        className="w-full"
        disabled={!emailVerified || busy}
        aria-describedby={!emailVerified ? hintId : undefined}
        onClick={() => {
          reset();
          start.mutate();
        }}
      >
        {start.isPending ? (
          <Spinner className="size-5 border-night-950/30 border-t-night-950" />
        ) : null}
        {start.isPending
          ? t("mining.actions.starting")
          : phase === "claimed"
            ? t("mining.actions.startAgain")
            : t("mining.actions.start")}
      </Button>
      {!emailVerified ? (
        <div className="grid gap-2 rounded-2xl border border-amber-300/40 bg-amber-400/10 p-3 text-sm text-amber-50">
          <p id={hintId}>{t("mining.verifyFirst")}</p>
          <Button variant="secondary" size="sm" className="w-fit" onClick={focusVerificationResend}>
            {t("mining.verifyAction")}
          </Button>
        </div>
      ) : null}
    </>
  );

  return (
    <section
      data-testid="mining-state"
      data-state={phase}
      aria-labelledby="mining-panel-title"
      className="relative overflow-hidden rounded-3xl border border-night-700 bg-[radial-gradient(120%_80%_at_50%_0%,rgba(251,191,36,0.12),transparent_60%)] bg-night-850 px-5 pb-6 pt-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2
          id="mining-panel-title"
          className="text-xs font-semibold uppercase tracking-wider text-amber-300"
        >
          {t("mining.session")}
        </h2>
        <span
          className={`inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-full border px-3 py-1 text-xs font-semibold ${chip[phase]}`}
        >
          <span aria-hidden="true" className="relative flex size-2">
            {phase === "active" ? (
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:hidden" />
            ) : null}
            <span
              className={`relative inline-flex size-2 rounded-full ${
                phase === "active"
                  ? "bg-emerald-400"
                  : phase === "ended"
                    ? "bg-amber-300"
                    : phase === "claimed"
                      ? "bg-sky-300"
                      : "bg-slate-400"
              }`}
            />
          </span>
          {t(`mining.status.${phase}`)}
        </span>
      </div>

      <div className="relative mt-4">
        <ProgressRing
          // A new session starts from an empty ring, without rewinding the last one.
          key={session && !session.claimed ? session.id : "idle"}
          progress={progress}
          label={t("mining.progressLabel")}
          valueText={t("mining.progressValue", {
            percent: Math.floor(progress * 100),
            remaining,
          })}
          glowing={phase === "active" || phase === "ended"}
        >
          <p className="text-xs font-medium uppercase tracking-wider text-muted">
            {phase === "claimed" ? t("mining.credited") : t("mining.earnings")}
          </p>
          <EarningsCounter nano={earningsShown} language={language} />
          <p className="text-sm font-semibold text-amber-100/80">FRE</p>
          <div className="mt-3 grid justify-items-center">
            <p className="text-[0.7rem] font-medium uppercase tracking-wider text-muted">
              {t("mining.remaining")}
            </p>
            <p
              data-testid="mining-remaining"
              className="font-mono text-xl font-semibold tabular-nums text-slate-100"
            >
              {remaining}
            </p>
          </div>
        </ProgressRing>
        {justSettled ? <Sparks key={justSettled.serverTime} /> : null}
      </div>

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {justSettled ? (
        <p className="mt-4 animate-rise rounded-2xl border border-emerald-400/40 bg-emerald-500/10 px-4 py-3 text-center font-semibold text-emerald-100">
          {t("mining.creditedNotice", { amount: amount(justSettled.credited) })}
        </p>
      ) : null}

      <p className="mt-4 text-center text-sm text-muted">{hint}</p>

      <div className="mt-5 grid gap-3">
        {phase === "idle" || phase === "claimed" ? startButton : null}
        {phase === "ended" ? (
          <Button
            data-testid="mining-claim"
            size="lg"
            className="w-full"
            disabled={busy}
            onClick={() => {
              reset();
              claim.mutate();
            }}
          >
            {claim.isPending ? (
              <Spinner className="size-5 border-night-950/30 border-t-night-950" />
            ) : null}
            {claim.isPending
              ? t("mining.actions.claiming")
              : t("mining.actions.claim", { amount: amount(earnings, 6) })}
          </Button>
        ) : null}
        {phase === "active" ? (
          <Button
            data-testid="mining-stop"
            variant="ghost"
            className="mx-auto text-muted"
            disabled={busy}
            onClick={() => {
              reset();
              setConfirmStop(true);
            }}
          >
            {t("mining.actions.stop")}
          </Button>
        ) : null}
        {failureText ? <Alert tone="error">{failureText}</Alert> : null}
      </div>

      <ConfirmDialog
        open={confirmStop}
        title={t("mining.stopDialog.title")}
        confirmLabel={
          stop.isPending ? t("mining.actions.stopping") : t("mining.stopDialog.confirm")
        }
        cancelLabel={t("mining.stopDialog.cancel")}
        tone="danger"
        busy={stop.isPending}
        onCancel={() => setConfirmStop(false)}
        onConfirm={() => stop.mutate(undefined, { onSettled: () => setConfirmStop(false) })}
      >
        {t("mining.stopDialog.text", { amount: amount(earningsShown, 6) })}
      </ConfirmDialog>
    </section>
  );
}
