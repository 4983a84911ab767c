import { RATE_REFRESH_MS, SESSION_DURATION_MS } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Sparks } from "../../../components/ui/sparks";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { formatFre } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import type { MiningSnapshot } from "../api/mining-api";
import { useCalmAnnouncement } from "../hooks/use-calm-announcement";
import { useMiningPanel } from "../hooks/use-mining-panel";
import { remainingMs, serverNow } from "../mining-clock";
import { EarningsCounter } from "./earnings-counter";
import { MiningActions } from "./mining-actions";
import { MiningStatusChip } from "./mining-status-chip";
import { ProgressRing } from "./progress-ring";

interface MiningPanelProps {
  snapshot: MiningSnapshot;
  emailVerified: boolean;
}

/** The session: live counter in a 24 h ring, its state, and the one action that fits. */
export function MiningPanel({ snapshot, emailVerified }: MiningPanelProps) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  const panel = useMiningPanel(snapshot);
  const { session, phase, earningsShown, remaining, progress, justSettled } = panel;
  const amount = (nano: bigint | string) => formatFre(nano, language, "balance");
  // Re-read on each render: the panel re-renders every second while a session runs.
  const msLeft = session
    ? remainingMs(session, serverNow(snapshot.clockOffsetMs))
    : SESSION_DURATION_MS;
  const remainingText = formatDuration(msLeft, t);

  // Once a minute (and at once on a new phase): the amount and the time left, in words.
  const announcement = useCalmAnnouncement(
    phase === "active"
      ? t("mining.sr.active", {
          amount: formatFre(earningsShown, language, "liveBalance"),
          remaining: remainingText,
        })
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
                amount: session ? amount(session.earnings) : amount(0n),
              });

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
        <MiningStatusChip phase={phase} />
      </div>

      <div className="relative mt-4">
        <ProgressRing
          // A new session starts from an empty ring, without rewinding the last one.
          key={session && !session.claimed ? session.id : "idle"}
          progress={progress}
          label={t("mining.progressLabel")}
          valueText={t("mining.progressValue", {
            percent: Math.floor(progress * 100),
            remaining: remainingText,
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

      <MiningActions panel={panel} emailVerified={emailVerified} amount={amount} />
    </section>
  );
}
