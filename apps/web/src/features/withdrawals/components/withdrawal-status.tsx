import type { WithdrawalStatus } from "@fre/shared";
import { useTranslation } from "react-i18next";

const tones: Record<WithdrawalStatus, string> = {
  pending: "bg-sky-500/15 text-sky-200",
  processing: "bg-amber-500/15 text-amber-200",
  completed: "bg-emerald-500/15 text-emerald-200",
  failed: "bg-rose-500/15 text-rose-200",
  rejected: "bg-rose-500/15 text-rose-200",
  cancelled: "bg-slate-500/20 text-slate-200",
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation("withdrawals");
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[status]}`}
      data-testid="withdrawal-status"
      data-status={status}
    >
      {t(`status.${status}`)}
    </span>
  );
}
