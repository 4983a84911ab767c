import type { AdminRiskAction, AdminUserRisk, RiskReason, RiskSettings } from "@fre/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { QueryState } from "../../../components/ui/query-state";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import { useAdminUserRisk, useRiskAction, useRiskSettings } from "../hooks/use-admin-risk";
import { Facts } from "./facts";

const card = "grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-4 sm:p-5";

/** The actions that restrict the account: asked again before they are sent. */
type Restriction = "withhold-referral-bonus" | "require-kyc";

/** One reason as a sentence: what was found and how many accounts, referees or starts. */
export function ReasonText({ reason, settings }: { reason: RiskReason; settings: RiskSettings }) {
  const { t } = useTranslation("admin");
  return t(`risk.reasons.${reason.code}`, {
    count: reason.count,
    // The windows the sentences name are today's settings (the score used those of its run).
    hours: settings.networkWindowHours,
    minutes: settings.burstWindowMinutes,
    seconds: settings.roboticJitterSeconds,
  });
}

function Reasons({ reasons }: { reasons: RiskReason[] }) {
  const { t } = useTranslation("admin");
  const settings = useRiskSettings();
  if (reasons.length === 0)
    return <p className="text-sm text-muted">{t("risk.section.noReasons")}</p>;
  return (
    <QueryState
      query={settings}
      retry="inline"
      error={t("risk.section.reasonsUnavailable")}
      loading={<p className="text-sm text-muted">{t("risk.section.loading")}</p>}
    >
      {(data) => (
        <ul data-testid="admin-user-risk-reasons" className="grid gap-2 text-sm">
          {reasons.map((reason) => (
            <li key={reason.code} className="flex flex-wrap justify-between gap-x-3">
              <span className="text-slate-100">
                <ReasonText reason={reason} settings={data} />
              </span>
              <span className="text-muted">
                {t("risk.section.weight", { weight: reason.weight })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function Cluster({ cluster }: { cluster: AdminUserRisk["cluster"] }) {
  const { t } = useTranslation("admin");
  if (cluster.length === 0)
    return <p className="text-sm text-muted">{t("risk.section.noCluster")}</p>;
  return (
    <ul data-testid="admin-user-risk-cluster" className="grid gap-2 text-sm">
      {cluster.map((member) => (
        <li key={member.id} className="grid gap-0.5 rounded-xl border border-night-700 px-3 py-2">
          <span className="flex flex-wrap items-center gap-2">
            <Link
              to={`/admin/users/${encodeURIComponent(member.id)}`}
              className="font-semibold text-amber-200 underline underline-offset-2 wrap-anywhere"
            >
              {member.nickname}
            </Link>
            <span className="text-slate-300">
              {t("risk.section.clusterLevel", { level: t(`risk.levels.${member.level}`) })}
            </span>
            {member.suspended ? (
              <span className="rounded-full bg-rose-400/15 px-2 py-0.5 text-xs font-semibold text-rose-100">
                {t("users.suspendedBadge")}
              </span>
            ) : null}
          </span>
          <span className="text-muted">
            {t("risk.section.shares", {
              signals: member.shared.map((code) => t(`risk.codes.${code}`)).join(", "),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

interface RiskViewProps {
  userId: string;
  nickname: string;
  risk: AdminUserRisk;
  suspended: boolean;
  /** Without it, no suspend button here: the user page has its own, one on the page. */
  onSuspend?: () => void;
}

function RiskActions({ userId, nickname, risk, suspended, onSuspend }: RiskViewProps) {
  const { t } = useTranslation("admin");
  const action = useRiskAction(userId);
  const [asking, setAsking] = useState<Restriction | null>(null);
  const [done, setDone] = useState<AdminRiskAction | null>(null);

  function send(request: AdminRiskAction) {
    setDone(null);
    action.mutate(request, {
      onSuccess: () => {
        setAsking(null);
        setDone(request);
      },
    });
  }

  function ask(restriction: Restriction) {
    action.reset();
    setDone(null);
    setAsking(restriction);
  }

  const error = action.error
    ? isApiError(action.error)
      ? action.error.message
      : t("risk.actions.failed")
    : null;
  const bonus: AdminRiskAction = risk.referralBonusWithheld
    ? "release-referral-bonus"
    : "withhold-referral-bonus";
  const kyc: AdminRiskAction = risk.kycRecheckRequired ? "waive-kyc" : "require-kyc";
  const button = (request: AdminRiskAction) => (
    <Button
      key={request}
      variant={
        request === "withhold-referral-bonus" || request === "require-kyc" ? "danger" : "secondary"
      }
      disabled={action.isPending}
      onClick={() =>
        request === "withhold-referral-bonus" || request === "require-kyc"
          ? ask(request)
          : send(request)
      }
    >
      {t(`risk.actions.${request}`)}
    </Button>
  );

  return (
    <div className="grid gap-3">
      <h3 className="font-semibold text-white">{t("risk.actions.title")}</h3>
      <div className="grid gap-2 sm:flex sm:flex-wrap" data-testid="admin-user-risk-actions">
        {button(bonus)}
        {button(kyc)}
        {button("mark-reviewed")}
        {suspended || !onSuspend ? null : (
          <Button variant="danger" disabled={action.isPending} onClick={onSuspend}>
            {t("risk.actions.suspend")}
          </Button>
        )}
      </div>
      {suspended ? (
        <p className="text-sm text-muted">{t("risk.actions.alreadySuspended")}</p>
      ) : null}
      {done ? <Alert tone="success">{t(`risk.actions.done.${done}`)}</Alert> : null}
      {error && !asking ? <Alert tone="error">{error}</Alert> : null}
      <p className="text-xs text-muted">{t("risk.actions.audited")}</p>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`risk.dialogs.${asking}.title`, { nickname }) : ""}
        confirmLabel={asking ? t(`risk.dialogs.${asking}.confirm`) : ""}
        cancelLabel={t("users.cancel")}
        tone="danger"
        busy={action.isPending}
        onCancel={() => {
          setAsking(null);
          action.reset();
        }}
        onConfirm={() => asking && send(asking)}
      >
        <div className="grid gap-3">
          <p>{asking ? t(`risk.dialogs.${asking}.text`) : null}</p>
          {error && asking ? <Alert tone="error">{error}</Alert> : null}
        </div>
      </ConfirmDialog>
    </div>
  );
}

export function RiskView({ userId, nickname, risk, suspended, onSuspend }: RiskViewProps) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const at = (iso: string | null, never: string) => (iso ? formatDateTime(iso, language) : never);
  return (
    <div className="grid gap-4">
      <Facts
        items={[
          [t("risk.section.score"), t("risk.section.scoreValue", { score: risk.score })],
          [t("risk.section.level"), t(`risk.levels.${risk.level}`)],
          [t("risk.section.computedAt"), at(risk.computedAt, t("risk.section.neverComputed"))],
          [t("risk.section.reviewedAt"), at(risk.reviewedAt, t("risk.section.neverReviewed"))],
          [
            t("risk.section.referralBonus"),
            risk.referralBonusWithheld ? t("risk.section.withheld") : t("risk.section.paid"),
          ],
          [
            t("risk.section.kycRecheck"),
            risk.kycRecheckRequired ? t("risk.section.required") : t("risk.section.notRequired"),
          ],
        ]}
      />
      <div className="grid gap-2">
        <h3 className="font-semibold text-white">{t("risk.section.reasons")}</h3>
        <Reasons reasons={risk.reasons} />
      </div>
      <div className="grid gap-2">
        <h3 className="font-semibold text-white">{t("risk.section.cluster")}</h3>
        <p className="text-xs text-muted">{t("risk.section.clusterHint")}</p>
        <Cluster cluster={risk.cluster} />
      </div>
      <RiskActions
        userId={userId}
        nickname={nickname}
        risk={risk}
        suspended={suspended}
        onSuspend={onSuspend}
      />
    </div>
  );
}

/**
 * The user page's risk part (decision 0045): the last nightly score, its reasons, the accounts
 * sharing a signal, and the audited restrictions. Loaded with its own chunk.
 */
export function UserRiskSection({
  userId,
  nickname,
  suspended,
  onSuspend,
}: {
  userId: string;
  nickname: string;
  suspended: boolean;
  onSuspend?: () => void;
}) {
  const { t } = useTranslation("admin");
  const risk = useAdminUserRisk(userId);
  return (
    <section
      className={card}
      aria-labelledby="admin-user-risk-title"
      data-testid="admin-user-risk-section"
    >
      <h2 id="admin-user-risk-title" className="font-semibold text-white">
        {t("risk.section.title")}
      </h2>
      <QueryState
        query={risk}
        retry="inline"
        loading={<p className="text-sm text-muted">{t("risk.section.loading")}</p>}
      >
        {(data) => (
          <RiskView
            userId={userId}
            nickname={nickname}
            risk={data}
            suspended={suspended}
            onSuspend={onSuspend}
          />
        )}
      </QueryState>
    </section>
  );
}
