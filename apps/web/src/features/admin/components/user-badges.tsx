import type { AdminUserRow } from "@fre/shared";
import { useTranslation } from "react-i18next";

const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";

/** The role and state an admin must see at a glance (admin, suspended, unverified, erased). */
export function UserBadges({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation("admin");
  // An erased account is an anonymised row kept for the books (decision 0028): nothing else applies.
  if (user.erased) {
    return (
      <span data-testid="admin-user-erased" className={`${badge} bg-night-700 text-slate-200`}>
        {t("users.erasedBadge")}
      </span>
    );
  }
  return (
    <>
      {user.role === "admin" ? (
        <span className={`${badge} bg-amber-300/15 text-amber-200`}>{t("users.roles.admin")}</span>
      ) : null}
      {user.suspended ? (
        <span
          data-testid="admin-user-suspended"
          className={`${badge} bg-rose-400/15 text-rose-200`}
        >
          {t("users.suspendedBadge")}
        </span>
      ) : null}
      {user.emailVerified ? null : (
        <span className={`${badge} bg-night-700 text-slate-200`}>{t("users.unverified")}</span>
      )}
    </>
  );
}
