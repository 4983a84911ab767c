import type { Withdrawal } from "@fre/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { shortAddress } from "../../../lib/ton-format";
import { useLanguage } from "../../../lib/use-language";
import { useCancelWithdrawal } from "../api/use-withdrawals";
import { WithdrawalStatusBadge } from "./withdrawal-status";

/** A payout on the simulated chain, which has no explorer: its facts, in words. */
function SimulatedTransaction({ withdrawal, amount }: { withdrawal: Withdrawal; amount: string }) {
  const { t } = useTranslation("withdrawals");
  const { language } = useLanguage();
  return (
    <details data-testid="withdrawal-tx-link" className="rounded-xl bg-night-900/60 p-3">
      <summary className="cursor-pointer font-semibold text-amber-200 underline">
        {t("list.viewTransaction")}
      </summary>
      <p className="mt-2 text-xs text-muted">{t("list.simulated")}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted">{t("list.txAmount")}</dt>
        <dd className="tabular-nums text-slate-100">{amount}</dd>
        <dt className="text-muted">{t("list.txTo")}</dt>
        <dd className="break-all font-mono text-slate-100">{withdrawal.wallet}</dd>
        <dt className="text-muted">{t("list.txDate")}</dt>
        <dd className="text-slate-100">{formatDateTime(withdrawal.updatedAt, language)}</dd>
        <dt className="text-muted">{t("list.txReference")}</dt>
        <dd className="break-all font-mono text-slate-100" data-testid="withdrawal-tx-hash">
          {withdrawal.txHash}
        </dd>
      </dl>
    </details>
  );
}

function WithdrawalItem({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation("withdrawals");
  const { language } = useLanguage();
  const cancel = useCancelWithdrawal();
  const [confirming, setConfirming] = useState(false);
  const amount = `${formatFreSafe(withdrawal.amount, language, "balance")} FRE`;
  return (
    <li
      className="grid gap-2 rounded-2xl border border-night-700 bg-night-850 p-4"
      data-testid="withdrawal-item"
      data-id={withdrawal.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold tabular-nums text-white">{amount}</span>
        <WithdrawalStatusBadge status={withdrawal.status} />
      </div>
      <p className="text-xs text-muted">
        {t("list.requestedAt", { date: formatDateTime(withdrawal.createdAt, language) })} ·{" "}
        <span className="font-mono" title={withdrawal.wallet}>
          {shortAddress(withdrawal.wallet)}
        </span>
      </p>
      <p className="text-sm text-slate-300">{t(`list.explain.${withdrawal.status}`)}</p>
      {withdrawal.reason && (withdrawal.status === "rejected" || withdrawal.status === "failed") ? (
        <p className="text-sm text-rose-200" data-testid="withdrawal-reason">
          {t("list.reason", { reason: withdrawal.reason })}
        </p>
      ) : null}
      {withdrawal.status === "completed" && withdrawal.txHash ? (
        <p className="text-sm">
          {withdrawal.explorerUrl ? (
            <a
              href={withdrawal.explorerUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="font-semibold text-amber-200 underline"
              data-testid="withdrawal-tx-link"
            >
              {t("list.viewTransaction")}
            </a>
          ) : (
            <SimulatedTransaction withdrawal={withdrawal} amount={amount} />
          )}
        </p>
      ) : null}
      {withdrawal.status === "pending" ? (
        <>
          <Button
            variant="danger"
            size="sm"
            className="w-fit"
            disabled={cancel.isPending}
            onClick={() => setConfirming(true)}
          >
            {t("list.cancel")}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={t("list.cancelTitle")}
            confirmLabel={t("list.cancelConfirm")}
            cancelLabel={t("list.cancelKeep")}
            tone="danger"
            busy={cancel.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() =>
              cancel.mutate(withdrawal.id, { onSettled: () => setConfirming(false) })
            }
          >
            {t("list.cancelText", { amount })}
          </ConfirmDialog>
        </>
      ) : null}
      {cancel.isError ? (
        <Alert tone="error">
          {isApiError(cancel.error) ? cancel.error.message : t("errors.generic")}
        </Alert>
      ) : null}
    </li>
  );
}

export function WithdrawalList({ items }: { items: Withdrawal[] }) {
  const { t } = useTranslation("withdrawals");
  return (
    <section aria-labelledby="withdrawal-list" className="grid gap-3">
      <h2 id="withdrawal-list" className="text-lg font-bold text-white">
        {t("list.title")}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{t("list.empty")}</p>
      ) : (
        <ul className="grid gap-3" aria-live="polite">
          {items.map((withdrawal) => (
            <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} />
          ))}
        </ul>
      )}
    </section>
  );
}
