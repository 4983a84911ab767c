import type { SupportTicketStatus } from "@fre/shared";
import { useTranslation } from "react-i18next";

const tones: Record<SupportTicketStatus, string> = {
  open: "bg-sky-400/15 text-sky-200 ring-sky-400/40",
  answered: "bg-emerald-400/15 text-emerald-200 ring-emerald-400/40",
  closed: "bg-slate-400/10 text-slate-300 ring-slate-400/30",
};

/** "Ouvert" / "Répondu" / "Clos". */
export function StatusBadge({ status }: { status: SupportTicketStatus }) {
  const { t } = useTranslation("help");
  return (
    <span
      data-testid="ticket-status"
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${tones[status]}`}
    >
      {t(`support.status.${status}`)}
    </span>
  );
}
