import type { AdminUserDetail } from "@fre/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";

const card = "grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4 sm:p-5";

function List({
  title,
  note,
  rows,
  testId,
}: {
  title: string;
  /** A line under the title (« Figure dans 2 cercles »). */
  note?: string;
  rows: { key: string; main: ReactNode; side: ReactNode }[];
  testId: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <section className={card} aria-label={title} data-testid={testId}>
      <h2 className="font-semibold text-white">{title}</h2>
      {note ? <p className="text-sm text-slate-300">{note}</p> : null}
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t("users.none")}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
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

const userLink = (ref: { id: string; nickname: string }) => (
  <Link to={`/admin/users/${encodeURIComponent(ref.id)}`} className="text-amber-200 underline">
    {ref.nickname}
  </Link>
);

/** KYC, circle, referrals, sign-in sessions and devices, in words (decision 0064). */
export function UserContextSections({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const at = (iso: string) => formatDateTime(iso, language);
  const { kyc, circle, referrals, signInSessions, devices } = detail;
  const memberState = (m: { active: boolean; suspended: boolean }) =>
    t(`users.context.state.${m.suspended ? "suspended" : m.active ? "active" : "idle"}`);
  return (
    <>
      <List
        testId="admin-user-kyc"
        title={t("users.context.kyc")}
        rows={
          kyc
            ? [
                {
                  key: "kyc",
                  main: [
                    t(`users.kyc.${kyc.status === "draft" ? "none" : kyc.status}`),
                    kyc.reviewer
                      ? t("users.context.reviewedBy", { nickname: kyc.reviewer.nickname })
                      : null,
                    kyc.rejectionReason,
                  ]
                    .filter(Boolean)
                    .join(" · "),
                  side: kyc.reviewedAt
                    ? at(kyc.reviewedAt)
                    : kyc.submittedAt
                      ? at(kyc.submittedAt)
                      : "",
                },
              ]
            : []
        }
      />
      <List
        testId="admin-user-circle"
        title={t("users.context.circle", { count: circle.membersCount })}
        note={
          // How many circles name them, a count only: the circle never says who (decision 0043).
          circle.namedByCount === 0
            ? t("users.context.namedByNone")
            : t("users.context.namedBy", { count: circle.namedByCount })
        }
        rows={circle.members.map((m) => ({
          key: m.id,
          main: (
            <>
              {userLink(m)} · {memberState(m)}
            </>
          ),
          side: at(m.addedAt),
        }))}
      />
      <List
        testId="admin-user-referrals"
        title={t("users.context.referrals", { count: referrals.count })}
        rows={[
          ...(referrals.referrer
            ? [
                {
                  key: "referrer",
                  main: (
                    <>
                      {t("users.context.referrer")} {userLink(referrals.referrer)}
                    </>
                  ),
                  side: "",
                },
              ]
            : []),
          ...referrals.items.map((r) => ({
            key: r.id,
            main: (
              <>
                {userLink(r)} · {memberState(r)}
              </>
            ),
            side: at(r.joinedAt),
          })),
        ]}
      />
      <List
        testId="admin-user-sign-ins"
        title={t("users.context.signIns", { count: signInSessions.count })}
        rows={signInSessions.items.map((s, i) => ({
          key: `${s.createdAt}-${i}`,
          main: [
            t("users.context.device", {
              browser: t(`users.context.browsers.${s.device.browser}`),
              os: t(`users.context.os.${s.device.os}`),
            }),
            s.device.form ? t(`users.context.forms.${s.device.form}`) : null,
          ]
            .filter(Boolean)
            .join(" · "),
          side: t("users.context.lastSeen", { date: at(s.lastSeenAt) }),
        }))}
      />
      <List
        testId="admin-user-devices"
        title={t("users.context.devices", { count: devices.browsersCount })}
        rows={[
          ...devices.push.map((p, i) => ({
            key: `push-${i}`,
            main: t("users.context.push", { service: t(`users.context.services.${p.service}`) }),
            side: at(p.createdAt),
          })),
          ...devices.browsers.map((b, i) => ({
            key: `browser-${i}`,
            main:
              b.sharedWith === 0
                ? t("users.context.browserOwn")
                : t("users.context.browser", { count: b.sharedWith }),
            side: t("users.context.lastSeen", { date: at(b.lastSeenAt) }),
          })),
        ]}
      />
    </>
  );
}
