import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { useLanguage } from "../../../lib/use-language";
import { usePendingRoleGrants } from "../hooks/use-admin-queries";

/**
 * The requests to make someone an admin that wait for a second admin (decision 0049), on top of
 * the Users screen, each a link to the grantee's page where it is decided. Nothing while none
 * waits; the requester reads that another admin must decide.
 */
export function PendingRoleGrants() {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const me = useMe().data;
  const grants = usePendingRoleGrants().data?.items ?? [];
  if (grants.length === 0) return null;
  return (
    <section
      aria-label={t("users.pendingGrants.title")}
      data-testid="admin-pending-role-grants"
      className="grid gap-2 rounded-2xl border border-amber-300/40 bg-night-850 p-4"
    >
      <h2 className="font-semibold text-amber-100">{t("users.pendingGrants.title")}</h2>
      <ul className="grid gap-2 text-sm">
        {grants.map((grant) => (
          <li key={grant.id} className="grid gap-1">
            <span className="text-slate-100 wrap-anywhere">
              {t("users.pendingGrants.item", {
                requester: grant.requestedBy.nickname,
                nickname: grant.grantee.nickname,
              })}
              {" · "}
              {t("users.grant.expires", { date: formatDateTime(grant.expiresAt, language) })}
            </span>
            <span className="text-muted wrap-anywhere">
              {t("users.grant.reason", { reason: grant.reason })}
            </span>
            {grant.requestedBy.id === me?.id ? (
              <span className="text-muted">{t("users.pendingGrants.yours")}</span>
            ) : (
              <Link
                to={`/admin/users/${encodeURIComponent(grant.grantee.id)}`}
                className="text-amber-200 underline underline-offset-2"
              >
                {t("users.pendingGrants.open")}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
