import type { AdminWithdrawal, AdminWithdrawalApproveBody } from "@fre/shared";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { copyText } from "../../../lib/clipboard";
import { formatDate } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { RiskLevelBadge } from "./risk-level-badge";

/** Under a week old: worth a second look before paying. */
const NEW_ACCOUNT_DAYS = 7;

function CopyableAddress({ address }: { address: string }) {
  const { t } = useTranslation("withdrawals");
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-2">
      <code
        className="break-all rounded-lg bg-night-800 px-3 py-2 font-mono text-xs text-white"
        data-testid="approve-dialog-address"
      >
        {address}
      </code>
      <Button
        variant="secondary"
        size="sm"
        className="justify-self-start"
        onClick={async () => {
          try {
            await copyText(address);
            setCopied(true);
            window.setTimeout(() => setCopied(false), 2000);
          } catch {
            setCopied(false);
          }
        }}
      >
        {copied ? t("admin.confirm.copied") : t("admin.confirm.copy")}
      </Button>
    </div>
  );
}

interface Fact {
  label: string;
  value: ReactNode;
  /** Shown as a warning: something an admin should weigh before paying. */
  warn?: boolean;
}

function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="grid gap-2">
      {facts.map((fact) => (
        <div key={fact.label} className="grid gap-0.5">
          <dt className="text-xs text-muted">{fact.label}</dt>
          <dd
            className={fact.warn ? "font-semibold text-rose-300" : "text-slate-100"}
            data-warn={fact.warn ? "true" : undefined}
          >
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function useRiskFacts(withdrawal: AdminWithdrawal): Fact[] {
  const { t } = useTranslation("withdrawals");
  const { language } = useLanguage();
  const risk = withdrawal.risk;
  // The server sends it for pending requests, the only ones this dialog opens on.
  if (!risk) return [];
  const freText = (amount: string, signed = false) =>
    `${formatFreSafe(amount, language, "balance", { signed })} FRE`;
  const yesNo = (value: boolean) => (value ? t("admin.risk.yes") : t("admin.risk.no"));
  return [
    { label: t("admin.risk.balance"), value: freText(risk.balance) },
    {
      label: t("admin.risk.kyc"),
      value: t(`admin.risk.kycStatus.${risk.kycStatus}`),
      warn: risk.kycStatus !== "approved",
    },
    {
      label: t("admin.risk.accountAge"),
      value: t("admin.risk.accountAgeValue", {
        count: risk.accountAgeDays,
        date: formatDate(risk.accountCreatedAt, language),
      }),
      warn: risk.accountAgeDays < NEW_ACCOUNT_DAYS,
    },
    {
      label: t("admin.risk.emailVerified"),
      value: yesNo(risk.emailVerified),
      warn: !risk.emailVerified,
    },
    { label: t("admin.risk.totalMined"), value: freText(risk.totalMined) },
    {
      label: t("admin.risk.completedWithdrawals"),
      value: t("admin.risk.countAndTotal", {
        count: risk.completedWithdrawals.count,
        total: freText(risk.completedWithdrawals.total),
      }),
    },
    {
      label: t("admin.risk.recentAdjustments"),
      value: t("admin.risk.countAndTotal", {
        count: risk.recentAdjustments.count,
        total: freText(risk.recentAdjustments.total, true),
      }),
      warn: risk.recentAdjustments.count > 0,
    },
    { label: t("admin.risk.suspended"), value: yesNo(risk.suspended), warn: risk.suspended },
    {
      label: t("admin.risk.sameWallet"),
      value:
        risk.sameWalletAccounts > 0
          ? t("admin.risk.sameWalletValue", { count: risk.sameWalletAccounts })
          : t("admin.risk.no"),
      warn: risk.sameWalletAccounts > 0,
    },
  ];
}

/** Which approval this dialog asks for: the only one, the first of two, or the second. */
export type ApprovalStep = "single" | "first" | "second";

export function approvalStepOf(withdrawal: AdminWithdrawal): ApprovalStep {
  if (withdrawal.approvalsRequired === 1) return "single";
  return withdrawal.approvalState === "awaiting_second_approval" ? "second" : "first";
}

/**
 * What the confirmation tells the server the admin was shown: "first" (nothing is paid yet) or
 * "final" (this approval pays). The server refuses (WITHDRAWAL_STATE_CHANGED) if that changed.
 */
export const expectationOf = (step: ApprovalStep): AdminWithdrawalApproveBody["expect"] =>
  step === "first" ? "first" : "final";

/**
 * The dialog's explanation: a first approval on a high-risk account (decision 0045) says why two
 * admins are needed whatever the amount, instead of "above the threshold".
 */
const textOf = (step: ApprovalStep, withdrawal: AdminWithdrawal) =>
  step === "first" && withdrawal.riskLevel === "high" ? "firstRisk" : step;

/**
 * « Approuver et payer » asks first: the amount, the whole destination address, and what the
 * server knows about the account. Only the confirm button approves.
 */
export function ApproveDialog({
  withdrawal,
  open,
  busy,
  error,
  notice,
  onConfirm,
  onCancel,
}: {
  withdrawal: AdminWithdrawal;
  open: boolean;
  busy: boolean;
  error: string | undefined;
  /** Said first: another admin has this request open (« ouverte par … »). */
  notice?: string | undefined;
  /** Called with what the dialog showed when the admin confirmed. */
  onConfirm: (expect: AdminWithdrawalApproveBody["expect"]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("withdrawals");
  const { language } = useLanguage();
  const facts = useRiskFacts(withdrawal);
  const amount = `${formatFreSafe(withdrawal.amount, language, "exact")} FRE`;
  const step = approvalStepOf(withdrawal);
  return (
    <ConfirmDialog
      open={open}
      title={t(`admin.confirm.title.${step}`)}
      confirmLabel={t(`admin.confirm.action.${step}`)}
      cancelLabel={t("admin.back")}
      busy={busy}
      onConfirm={() => onConfirm(expectationOf(step))}
      onCancel={onCancel}
    >
      <div className="grid max-h-[60vh] gap-4 overflow-y-auto" data-testid="approve-dialog">
        {notice ? (
          <Alert tone="info">
            <span data-testid="approve-dialog-opened-by">{notice}</span>
          </Alert>
        ) : null}
        <p>
          {t(`admin.confirm.text.${textOf(step, withdrawal)}`, {
            nickname: withdrawal.firstApproval?.nickname ?? t("admin.unknownAdmin"),
          })}
        </p>
        <div className="grid gap-1">
          <span className="text-xs text-muted">{t("admin.amount")}</span>
          <span className="text-xl font-bold tabular-nums text-white">{amount}</span>
          <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
            {t("admin.confirm.user", { nickname: withdrawal.nickname })}
            <RiskLevelBadge level={withdrawal.riskLevel} />
          </span>
        </div>
        <div className="grid gap-1">
          <span className="text-xs text-muted">{t("admin.confirm.destination")}</span>
          <CopyableAddress address={withdrawal.wallet} />
        </div>
        {facts.length > 0 ? (
          <section aria-label={t("admin.risk.title")} className="grid gap-2">
            <h3 className="text-sm font-semibold text-white">{t("admin.risk.title")}</h3>
            <Facts facts={facts} />
          </section>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
    </ConfirmDialog>
  );
}
