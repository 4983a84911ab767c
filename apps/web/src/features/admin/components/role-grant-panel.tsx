import type { AdminRoleGrant } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";

/**
 * A pending grant of the admin role on the user page (decision 0049): who asked, why, until when.
 * Its requester may only withdraw it; another admin confirms or refuses it (the server decides
 * who may — the requester's own confirm button is simply not offered).
 */
export function RoleGrantPanel({
  grant,
  viewerId,
  onConfirm,
  onCancel,
}: {
  grant: AdminRoleGrant;
  /** The signed-in admin (undefined while their profile loads: no button yet). */
  viewerId: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const mine = viewerId === grant.requestedBy.id;
  return (
    <div
      data-testid="admin-role-grant"
      className="grid gap-2 rounded-xl border border-amber-300/40 bg-night-900 p-3 text-sm"
    >
      <h3 className="font-semibold text-amber-100">{t("users.grant.title")}</h3>
      <p className="text-slate-100">
        {t("users.grant.requested", {
          nickname: grant.requestedBy.nickname,
          date: formatDateTime(grant.requestedAt, language),
        })}
        {" · "}
        {t("users.grant.expires", { date: formatDateTime(grant.expiresAt, language) })}
      </p>
      <p className="text-slate-100 wrap-anywhere">
        {t("users.grant.reason", { reason: grant.reason })}
      </p>
      {viewerId === undefined ? null : mine ? (
        <>
          <p className="text-muted">{t("users.grant.yours")}</p>
          <div className="grid gap-2 sm:flex">
            <Button variant="secondary" onClick={onCancel} data-testid="admin-role-grant-cancel">
              {t("users.grant.cancel")}
            </Button>
          </div>
        </>
      ) : (
        <div className="grid gap-2 sm:flex">
          <Button onClick={onConfirm} data-testid="admin-role-grant-confirm">
            {t("users.grant.confirm")}
          </Button>
          <Button variant="secondary" onClick={onCancel} data-testid="admin-role-grant-refuse">
            {t("users.grant.refuse")}
          </Button>
        </div>
      )}
    </div>
  );
}
