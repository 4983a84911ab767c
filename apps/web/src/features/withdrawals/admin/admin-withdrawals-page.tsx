import {
  type AdminWithdrawal,
  defaultWithdrawalSort,
  WITHDRAWAL_REASON_MAX_LENGTH,
  WITHDRAWAL_REASON_MIN_LENGTH,
  WITHDRAWAL_RISK_FILTERS,
  WITHDRAWAL_STATUSES,
} from "@fre/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { OpenedBy, useOpenedByText } from "../../../components/admin-queue/opened-by";
import {
  QueueFilters,
  QueuePages,
  useQueueSearch,
} from "../../../components/admin-queue/queue-page";
import { type QueueSearchConfig, queueQueryOf } from "../../../components/admin-queue/queue-search";
import { ReasonField, useReasonField } from "../../../components/admin-queue/reason-field";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useMe } from "../../../lib/session";
import { shortAddress } from "../../../lib/ton-format";
import { useLanguage } from "../../../lib/use-language";
import { useWithdrawalDecision } from "../api/use-admin-withdrawals";
import { adminWithdrawalsQueryOptions } from "../api/withdrawals-api";
import { WithdrawalStatusBadge } from "../components/withdrawal-status";
import { ApproveDialog } from "./approve-dialog";
import { RiskLevelBadge } from "./risk-level-badge";
import { WithdrawalSettingsPanel } from "./withdrawal-settings-form";

/** Pending and processing requests change by themselves (payout worker): asked every 10 s. */
const LIVE_POLL_MS = 10_000;

/** The URL's `status`, `sort`, `risk`, `minAmount`, `maxAmount` (decision 0061). */
export const WITHDRAWAL_QUEUE_SEARCH: QueueSearchConfig<
  (typeof WITHDRAWAL_STATUSES)[number],
  (typeof WITHDRAWAL_RISK_FILTERS)[number]
> = {
  statuses: WITHDRAWAL_STATUSES,
  defaultStatus: "pending",
  defaultSort: defaultWithdrawalSort,
  risks: WITHDRAWAL_RISK_FILTERS,
};

/** Why this admin may not approve now (the server refuses too), or nothing. */
function approvalBlock(withdrawal: AdminWithdrawal, myId: string | undefined) {
  if (!myId) return undefined;
  if (withdrawal.userId === myId) return "own" as const;
  if (withdrawal.approvalState === "awaiting_second_approval") {
    if (withdrawal.firstApproval?.adminId === myId) return "secondApprover" as const;
  }
  return undefined;
}

function Decision({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation("withdrawals");
  const { approve, reject, open } = useWithdrawalDecision(withdrawal.id);
  const othersText = useOpenedByText(open.data?.openedBy ?? undefined);
  const me = useMe();
  const blocked = approvalBlock(withdrawal, me.data?.id);
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const reason = useReasonField(
    WITHDRAWAL_REASON_MIN_LENGTH,
    t("admin.reasonTooShort", { min: WITHDRAWAL_REASON_MIN_LENGTH }),
  );
  const busy = approve.isPending || reject.isPending;
  const failure = confirming ? reject.error : (approve.error ?? reject.error);
  const approveError = approve.error
    ? isApiError(approve.error)
      ? approve.error.message
      : t("errors.generic")
    : undefined;
  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    const accepted = reason.accepted();
    if (accepted !== undefined) reject.mutate(accepted);
  };
  return (
    <div className="grid gap-2 border-t border-night-700 pt-3">
      {rejecting ? (
        <form onSubmit={submitReject} noValidate className="grid gap-2">
          {othersText ? <Alert tone="info">{othersText}</Alert> : null}
          <ReasonField
            field={reason}
            label={t("admin.reason")}
            rows={2}
            maxLength={WITHDRAWAL_REASON_MAX_LENGTH}
            heightClass="min-h-16"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" size="sm" disabled={busy}>
              {t("admin.confirmReject")}
            </Button>
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => setRejecting(false)}>
              {t("admin.back")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="grid gap-2">
          {blocked ? (
            <p className="text-sm text-amber-200">{t(`admin.blocked.${blocked}`)}</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={busy || blocked !== undefined}
              onClick={() => {
                approve.reset();
                open.mutate();
                setConfirming(true);
              }}
              data-testid="admin-withdrawal-approve"
            >
              {withdrawal.approvalState === "awaiting_second_approval"
                ? t("admin.approveSecond")
                : t("admin.approve")}
            </Button>
            <Button
              variant="danger"
              size="sm"
              disabled={busy || blocked === "own"}
              onClick={() => {
                open.mutate();
                setRejecting(true);
              }}
            >
              {t("admin.reject")}
            </Button>
          </div>
        </div>
      )}
      <ApproveDialog
        withdrawal={withdrawal}
        open={confirming}
        busy={approve.isPending}
        error={approveError}
        notice={othersText ?? undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={(expect) => approve.mutate(expect, { onSuccess: () => setConfirming(false) })}
      />
      {failure ? (
        <Alert tone="error">{isApiError(failure) ? failure.message : t("errors.generic")}</Alert>
      ) : null}
    </div>
  );
}

function AdminWithdrawalItem({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation("withdrawals");
  const { language } = useLanguage();
  return (
    <li
      className="grid gap-2 rounded-2xl border border-night-700 bg-night-850 p-4"
      data-testid="admin-withdrawal"
      data-id={withdrawal.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-white">{withdrawal.nickname}</span>
          <RiskLevelBadge level={withdrawal.riskLevel} />
        </span>
        <WithdrawalStatusBadge status={withdrawal.status} />
      </div>
      <OpenedBy openedBy={withdrawal.openedBy} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t("admin.amount")}</dt>
        <dd className="tabular-nums text-white">
          {formatFreSafe(withdrawal.amount, language, "balance")} FRE
        </dd>
        <dt className="text-muted">{t("admin.wallet")}</dt>
        <dd className="break-all font-mono text-xs" title={withdrawal.wallet}>
          {shortAddress(withdrawal.wallet)}
        </dd>
        <dt className="text-muted">{t("admin.requestedAt")}</dt>
        <dd>{formatDateTime(withdrawal.createdAt, language)}</dd>
        {withdrawal.status === "pending" && withdrawal.approvalsRequired === 2 ? (
          <>
            <dt className="text-muted">{t("admin.approvals")}</dt>
            <dd data-testid="admin-withdrawal-approvals">
              {withdrawal.firstApproval
                ? t("admin.approvalsFirst", {
                    nickname: withdrawal.firstApproval.nickname ?? t("admin.unknownAdmin"),
                    date: formatDateTime(withdrawal.firstApproval.at, language),
                  })
                : t("admin.approvalsNone")}
            </dd>
          </>
        ) : null}
        {withdrawal.reviewedAt ? (
          <>
            <dt className="text-muted">{t("admin.reviewedAt")}</dt>
            <dd>{formatDateTime(withdrawal.reviewedAt, language)}</dd>
          </>
        ) : null}
        {withdrawal.reason ? (
          <>
            <dt className="text-muted">{t("admin.reasonShort")}</dt>
            <dd>{withdrawal.reason}</dd>
          </>
        ) : null}
        {withdrawal.txHash ? (
          <>
            <dt className="text-muted">{t("admin.transaction")}</dt>
            <dd className="break-all font-mono text-xs">
              {withdrawal.explorerUrl ? (
                <a
                  href={withdrawal.explorerUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="text-amber-200 underline"
                >
                  {withdrawal.txHash}
                </a>
              ) : (
                withdrawal.txHash
              )}
            </dd>
          </>
        ) : null}
      </dl>
      {withdrawal.status === "pending" ? <Decision withdrawal={withdrawal} /> : null}
    </li>
  );
}

/**
 * /admin/withdrawals: the requests by status, sorted and filtered as the URL says (a reload or
 * a shared link keeps them); pending ones are approved (paid) or rejected.
 */
export function AdminWithdrawalsPage() {
  const { t } = useTranslation("withdrawals");
  const { t: ta } = useTranslation("admin");
  const queueSearch = useQueueSearch(WITHDRAWAL_QUEUE_SEARCH);
  const { search } = queueSearch;
  const { status } = search;
  const list = useInfiniteQuery({
    ...adminWithdrawalsQueryOptions(queueQueryOf(search)),
    refetchInterval: status === "pending" || status === "processing" ? LIVE_POLL_MS : false,
  });
  const title = ta("pages.withdrawals");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <WithdrawalSettingsPanel />
      <QueueFilters
        queue={queueSearch}
        amountKind="amount"
        tabsLabel={t("admin.tabsLabel")}
        tabLabel={(name) => t(`status.${name}`)}
      />
      <section role="tabpanel" aria-label={t(`status.${status}`)} className="grid gap-3">
        <QueuePages
          query={list}
          keyOf={(withdrawal) => withdrawal.id}
          empty={t("admin.empty")}
          moreClassName="justify-self-center"
        >
          {(withdrawals) => (
            <ul className="grid gap-3 md:grid-cols-2" data-testid="admin-withdrawals">
              {withdrawals.map((withdrawal) => (
                <AdminWithdrawalItem key={withdrawal.id} withdrawal={withdrawal} />
              ))}
            </ul>
          )}
        </QueuePages>
      </section>
    </div>
  );
}
