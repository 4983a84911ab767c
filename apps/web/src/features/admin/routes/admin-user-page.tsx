import {
  type AdminUserDetail,
  adminReasonSchema,
  normalizeTypedFre,
  signedFreAmountSchema,
} from "@fre/shared";
import { lazy, type ReactNode, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { TextAreaField } from "../../../components/ui/text-area-field";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useMe } from "../../../lib/session";
import { useLanguage } from "../../../lib/use-language";
import { newIdempotencyKey } from "../api/admin-users-api";
import { Facts } from "../components/facts";
import { RoleGrantPanel } from "../components/role-grant-panel";
import { UserBadges } from "../components/user-badges";
import { UserContextSections } from "../components/user-context-sections";
import { UserLedgerSection } from "../components/user-ledger-section";
import { type UserAction, useAdminUser, useUserAction } from "../hooks/use-admin-users";

type Dialog =
  | "role"
  | "suspend"
  | "unsuspend"
  | "adjust"
  | "verification"
  | "grantConfirm"
  | "grantCancel";

/** The risk part arrives after the page: most visits are not a fraud review. */
const UserRiskSection = lazy(() =>
  import("../components/user-risk-section").then((m) => ({ default: m.UserRiskSection })),
);

const card = "grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4 sm:p-5";

function History({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: { key: string; main: ReactNode; side: ReactNode }[];
  testId: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <section className={card} aria-label={title}>
      <h2 className="font-semibold text-white">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t("users.none")}</p>
      ) : (
        <ul data-testid={testId} className="grid gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.key} className="flex flex-wrap justify-between gap-x-3">
              <span className="text-slate-100">{row.main}</span>
              <span className="text-muted">{row.side}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ActionDialog({
  dialog,
  detail,
  onClose,
}: {
  dialog: Dialog | null;
  detail: AdminUserDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const action = useUserAction(detail.user.id);
  const [reason, setReason] = useState("");
  const [amount, setAmount] = useState("");
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  // The adjustment may be followed by the suspension, with the same reason (one dialog: the
  // operator's usual pair when a fraud is found); once the money moved, a retry only suspends.
  const [alsoSuspend, setAlsoSuspend] = useState(false);
  const [adjusted, setAdjusted] = useState(false);
  const alsoSuspendId = useId();
  const { user, roleGrant } = detail;
  const needsReason = dialog === "role" || dialog === "suspend" || dialog === "adjust";
  const newRole = user.role === "admin" ? "user" : "admin";
  const suspendsToo = dialog === "adjust" && alsoSuspend && !user.suspended;

  function close() {
    setReason("");
    setAmount("");
    setProblem(null);
    setAlsoSuspend(false);
    setAdjusted(false);
    action.reset();
    onClose();
  }

  function actionFor(kind: Dialog): UserAction | null {
    switch (kind) {
      case "role":
        return { kind: "role", role: newRole, reason };
      case "grantConfirm":
      case "grantCancel":
        return roleGrant ? { kind, grantId: roleGrant.id } : null;
      case "suspend":
        return { kind: "suspend", reason };
      case "adjust":
        return { kind: "adjust", amount: normalizeTypedFre(amount), reason, key };
      case "unsuspend":
        return { kind: "unsuspend" };
      case "verification":
        return { kind: "verification" };
    }
  }

  async function confirm() {
    if (!dialog) return;
    if (needsReason && !adminReasonSchema.safeParse(reason).success) {
      setProblem(t("users.reasonRequired"));
      return;
    }
    if (
      dialog === "adjust" &&
      !signedFreAmountSchema.safeParse(normalizeTypedFre(amount)).success
    ) {
      setProblem(t("users.amountInvalid"));
      return;
    }
    const request = actionFor(dialog);
    if (!request) return;
    setProblem(null);
    try {
      if (!adjusted) await action.mutateAsync(request);
      if (suspendsToo) {
        setAdjusted(true);
        await action.mutateAsync({ kind: "suspend", reason });
      }
    } catch {
      // Shown in the dialog (action.error); a failed adjustment is retried with the same key.
      return;
    }
    // A new adjustment gets a new key.
    if (dialog === "adjust") setKey(newIdempotencyKey());
    close();
  }

  const error = problem ?? (action.error && isApiError(action.error) ? action.error.message : null);
  return (
    <ConfirmDialog
      open={dialog !== null}
      title={dialog ? t(`users.dialogs.${dialog}.title`, { nickname: user.nickname }) : ""}
      confirmLabel={
        suspendsToo
          ? t("users.dialogs.adjust.confirmAndSuspend")
          : dialog
            ? t(`users.dialogs.${dialog}.confirm`)
            : ""
      }
      cancelLabel={t("users.cancel")}
      tone={dialog === "suspend" || dialog === "adjust" ? "danger" : "primary"}
      busy={action.isPending}
      onCancel={close}
      onConfirm={() => void confirm()}
    >
      <div className="grid gap-3">
        <p>
          {dialog === "role"
            ? t("users.dialogs.role.text", { role: t(`users.roles.${newRole}`) })
            : dialog
              ? t(`users.dialogs.${dialog}.text`, {
                  nickname: user.nickname,
                  requester: roleGrant?.requestedBy.nickname ?? "",
                  reason: roleGrant?.reason ?? "",
                })
              : null}
        </p>
        {dialog === "role" && newRole === "admin" ? (
          <p>{t("users.dialogs.role.grantText", { nickname: user.nickname })}</p>
        ) : null}
        {dialog === "adjust" ? (
          <TextField
            label={t("users.amount")}
            hint={t("users.amountHint")}
            inputMode="decimal"
            name="amount"
            value={amount}
            disabled={adjusted}
            onChange={(event) => setAmount(event.target.value)}
          />
        ) : null}
        {needsReason ? (
          <TextAreaField
            label={t("users.reason")}
            hint={t("users.reasonHint")}
            name="reason"
            maxLength={500}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        ) : null}
        {dialog === "adjust" && !user.suspended ? (
          <div className="flex items-center gap-3">
            <input
              id={alsoSuspendId}
              type="checkbox"
              checked={alsoSuspend}
              disabled={adjusted}
              onChange={(event) => setAlsoSuspend(event.target.checked)}
              className="size-5 shrink-0 accent-amber-400"
            />
            <label htmlFor={alsoSuspendId} className="text-sm text-slate-200">
              {t("users.dialogs.adjust.alsoSuspend")}
            </label>
          </div>
        ) : null}
        {adjusted ? <Alert tone="success">{t("users.dialogs.adjust.adjustedOnly")}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
    </ConfirmDialog>
  );
}

function UserView({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const me = useMe();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { user, roleGrant } = detail;
  const at = (iso: string) => formatDateTime(iso, language);
  const fre = (amount: string) => `${formatFreSafe(amount, language, "exact")} FRE`;
  type OrderStatus = "pending" | "underpaid" | "paid" | "expired";
  type PayoutStatus = "pending" | "processing" | "completed" | "failed" | "rejected";
  type SessionStatus = "active" | "claimed" | "stopped";
  const link = "text-sm text-amber-200 underline underline-offset-2";
  // The first screen is the work: who, how much, the actions, the audit, then the ledger (issue
  // 34 point 5: the operator's day in at most 8 taps); the rest of the profile follows.
  return (
    <div className="grid gap-4">
      <section className={card} aria-label={t("users.actions")}>
        <p className="flex flex-wrap items-center gap-2">
          <UserBadges user={user} />
        </p>
        <Facts
          items={[
            [t("users.fields.email"), user.email],
            [
              t("users.fields.balance"),
              <span key="balance" data-testid="admin-user-balance" className="font-semibold">
                {fre(user.balance)}
              </span>,
            ],
            ...(user.suspendedAt
              ? ([
                  [t("users.fields.suspendedAt"), at(user.suspendedAt)],
                  [t("users.fields.suspendedReason"), user.suspendedReason ?? ""],
                ] as [string, ReactNode][])
              : []),
          ]}
        />
        {roleGrant ? (
          <RoleGrantPanel
            grant={roleGrant}
            viewerId={me.data?.id}
            onConfirm={() => setDialog("grantConfirm")}
            onCancel={() => setDialog("grantCancel")}
          />
        ) : null}
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button variant="secondary" onClick={() => setDialog("adjust")}>
            {t("users.adjust")}
          </Button>
          {user.suspended ? (
            <Button variant="secondary" onClick={() => setDialog("unsuspend")}>
              {t("users.unsuspend")}
            </Button>
          ) : (
            <Button variant="danger" onClick={() => setDialog("suspend")}>
              {t("users.suspend")}
            </Button>
          )}
          {roleGrant ? null : (
            <Button variant="secondary" onClick={() => setDialog("role")}>
              {user.role === "admin" ? t("users.demote") : t("users.promote")}
            </Button>
          )}
          {user.emailVerified ? null : (
            <Button variant="secondary" onClick={() => setDialog("verification")}>
              {t("users.resend")}
            </Button>
          )}
        </div>
        <nav className="flex flex-wrap gap-x-4 gap-y-1" aria-label={t("users.auditAbout")}>
          <Link to={`/admin/audit?target=${encodeURIComponent(user.id)}`} className={link}>
            {t("users.auditAbout")}
          </Link>
          {user.role === "admin" ? (
            <Link to={`/admin/audit?actor=${encodeURIComponent(user.id)}`} className={link}>
              {t("users.auditBy")}
            </Link>
          ) : null}
        </nav>
      </section>
      <UserLedgerSection userId={user.id} />
      <section className={card} aria-label={t("users.profile")}>
        <h2 className="font-semibold text-white">{t("users.profile")}</h2>
        <Facts
          items={[
            [t("users.fields.totalMined"), fre(user.totalMined)],
            [t("users.fields.role"), t(`users.roles.${user.role}`)],
            [t("users.fields.kyc"), t(`users.kyc.${user.kycStatus}`)],
            [t("users.fields.level"), String(user.level)],
            [t("users.fields.referralCode"), user.referralCode],
            [t("users.fields.referrals"), String(user.referralsCount)],
            [t("users.fields.wallet"), user.wallet?.address ?? t("users.noWallet")],
            [t("users.fields.createdAt"), at(user.createdAt)],
          ]}
        />
      </section>
      <Suspense fallback={<p className="text-sm text-muted">{t("risk.section.loading")}</p>}>
        <UserRiskSection userId={user.id} nickname={user.nickname} suspended={user.suspended} />
      </Suspense>
      <History
        title={t("users.sessions")}
        testId="admin-user-sessions"
        rows={detail.miningSessions.map((s) => ({
          key: s.id,
          main: [
            t(`users.sessionStatus.${s.status as SessionStatus}`, { defaultValue: s.status }),
            s.credited ? fre(s.credited) : null,
          ]
            .filter(Boolean)
            .join(" · "),
          side: at(s.startTime),
        }))}
      />
      <History
        title={t("users.orders")}
        testId="admin-user-orders"
        rows={detail.shopOrders.map((o) => ({
          key: o.id,
          main: `${o.itemName} · ${t(`users.orderStatus.${o.status as OrderStatus}`, { defaultValue: o.status })}`,
          side: at(o.createdAt),
        }))}
      />
      <History
        title={t("users.withdrawals")}
        testId="admin-user-withdrawals"
        rows={detail.withdrawals.map((w) => ({
          key: w.id,
          main: `${fre(w.amount)} · ${t(`users.withdrawalStatus.${w.status as PayoutStatus}`, { defaultValue: w.status })}`,
          side: at(w.createdAt),
        }))}
      />
      <UserContextSections detail={detail} />
      <ActionDialog dialog={dialog} detail={detail} onClose={() => setDialog(null)} />
    </div>
  );
}

export function AdminUserPage() {
  const { t } = useTranslation("admin");
  const { id = "" } = useParams();
  const user = useAdminUser(id);
  const title = user.data?.user.nickname ?? t("pages.users");
  return (
    <div className="grid gap-4">
      <Link to="/admin/users" className="text-sm text-amber-200 underline underline-offset-2">
        {t("users.back")}
      </Link>
      <PageTitle title={title}>{title}</PageTitle>
      <QueryState query={user}>{(detail) => <UserView detail={detail} />}</QueryState>
    </div>
  );
}
