import { useTranslation } from "react-i18next";
import type { MiningPhase } from "../mining-clock";

const chip: Record<MiningPhase, string> = {
  idle: "border-night-600 bg-night-800 text-slate-200",
  active: "border-emerald-400/40 bg-emerald-400/10 text-emerald-200",
  ended: "border-amber-300/50 bg-amber-400/15 text-amber-100",
  claimed: "border-sky-400/40 bg-sky-400/10 text-sky-100",
};

const dot: Record<MiningPhase, string> = {
  idle: "bg-slate-400",
  active: "bg-emerald-400",
  ended: "bg-amber-300",
  claimed: "bg-sky-300",
};

/** "En cours", "Terminée"…: the session's state with a coloured dot (pulsing while mining). */
export function MiningStatusChip({ phase }: { phase: MiningPhase }) {
  const { t } = useTranslation("app");
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-full border px-3 py-1 text-xs font-semibold ${chip[phase]}`}
    >
      <span aria-hidden="true" className="relative flex size-2">
        {phase === "active" ? (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:hidden" />
        ) : null}
        <span className={`relative inline-flex size-2 rounded-full ${dot[phase]}`} />
      </span>
      {t(`mining.status.${phase}`)}
    </span>
  );
}
