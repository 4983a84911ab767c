import {
  type AdminUserDetail,
  adminReasonSchema,
  normalizeTypedFre,
  signedFreAmountSchema,
} from "@fre/shared";
import { lazy, type ReactNode, Suspense, useState } from "react";
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
  const { user, roleGrant } = detail;
  const needsReason = dialog === "role" || dialog === "suspend" || dialog === "adjust";
  const newRole = user.role === "admin" ? "user" : "admin";

  function close() {
    setReason("");
    setAmount("");
    setProblem(null);
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

  function confirm() {
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
    action.mutate(request, {
      onSuccess: () => {
        // A new adjustment gets a new key; a failed one is retried with the same.
        if (dialog === "adjust") setKey(newIdempotencyKey());
        close();
      },
    });
  }

  const error = problem ?? (action.error && isApiError(action.error) ? action.error.message : null);
  return (
    <ConfirmDialog
      open={dialog !== null}
      title={dialog ? t(`users.dialogs.${dialog}.title`, { nickname: user.nickname }) : ""}
      confirmLabel={dialog ? t(`users.dialogs.${dialog}.confirm`) : ""}
      cancelLabel={t("users.cancel")}
      tone={dialog === "suspend" || dialog === "adjust" ? "danger" : "primary"}
      busy={action.isPending}
      onCancel={close}
      onConfirm={confirm}
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
  const itemName = (o: AdminUserDetail["shopOrders"][number]) =>
    o.itemKind === "pack"
      ? t("users.orderItem.pack", { pack: o.itemId })
      : o.itemKind === "box"
        ? t("users.orderItem.box", { days: o.itemDays ?? 0 })
        : o.itemId;
  return (
    <div className="grid gap-4">
      <section className={card} aria-label={t("users.profile")}>
        <p className="flex flex-wrap items-center gap-2">
          <UserBadges user={user} />
        </p>
        <Facts
          items={[
            [t("users.fields.email"), user.email],
            [t("users.fields.balance"), fre(user.balance)],
            [t("users.fields.totalMined"), fre(user.totalMined)],
            [t("users.fields.role"), t(`users.roles.${user.role}`)],
            [t("users.fields.kyc"), t(`users.kyc.${user.kycStatus}`)],
            [t("users.fields.level"), String(user.level)],
            [t("users.fields.referralCode"), user.referralCode],
            [t("users.fields.referrals"), String(user.referralsCount)],
            [t("users.fields.wallet"), user.wallet?.address ?? t("users.noWallet")],
            [t("users.fields.createdAt"), at(user.createdAt)],
            ...(user.suspendedAt
              ? ([
                  [t("users.fields.suspendedAt"), at(user.suspendedAt)],
                  [t("users.fields.suspendedReason"), user.suspendedReason ?? ""],
                ] as [string, ReactNode][])
              : []),
          ]}
        />
      </section>
      <section className={card} aria-label={t("users.actions")}>
        <h2 className="font-semibold text-white">{t("users.actions")}</h2>
        {roleGrant ? (
          <RoleGrantPanel
            grant={roleGrant}
            viewerId={me.data?.id}
            onConfirm={() => setDialog("grantConfirm")}
            onCancel={() => setDialog("grantCancel")}
          />
        ) : null}
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          {roleGrant ? null : (
            <Button variant="secondary" onClick={() => setDialog("role")}>
              {user.role === "admin" ? t("users.demote") : t("users.promote")}
            </Button>
          )}
          {user.suspended ? (
            <Button variant="secondary" onClick={() => setDialog("unsuspend")}>
              {t("users.unsuspend")}
            </Button>
          ) : (
            <Button variant="danger" onClick={() => setDialog("suspend")}>
              {t("users.suspend")}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setDialog("adjust")}>
            {t("users.adjust")}
          </Button>
          {user.emailVerified ? null : (
            <Button variant="secondary" onClick={() => setDialog("verification")}>
              {t("users.resend")}
            </Button>
          )}
        </div>
      </section>
      <Suspense fallback={<p className="text-sm text-muted">{t("risk.section.loading")}</p>}>
        <UserRiskSection userId={user.id} nickname={user.nickname} suspended={user.suspended} />
      </Suspense>
      <nav className={card} aria-label={t("users.auditAbout")}>
        <Link
          to={`/admin/audit?target=${encodeURIComponent(user.id)}`}
          className="text-sm text-amber-200 underline underline-offset-2"
        >
          {t("users.auditAbout")}
        </Link>
        {user.role === "admin" ? (
          <Link
            to={`/admin/audit?actor=${encodeURIComponent(user.id)}`}
            className="text-sm text-amber-200 underline underline-offset-2"
          >
            {t("users.auditBy")}
          </Link>
        ) : null}
      </nav>
      <UserLedgerSection userId={user.id} />
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
          main: `${itemName(o)} · ${t(`users.orderStatus.${o.status as OrderStatus}`, { defaultValue: o.status })}`,
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
