import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Where the console switches the maintenance on and off (the features panel's screen). */
export const MAINTENANCE_SETTING_PATH = "/admin/security";

/**
 * What an admin sees on every page while FRE is in maintenance: everyone else is locked out
 * of what they are looking at, and the switch is one tap away.
 */
export function MaintenanceBanner() {
  const { t } = useTranslation("app");
  return (
    <aside
      aria-label={t("platformStatus.maintenance.bannerLabel")}
      data-testid="maintenance-banner"
      className="border-b border-amber-300/40 bg-amber-950 px-4 py-2 text-sm text-amber-100"
    >
      <p className="mx-auto flex max-w-5xl flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="min-w-0">{t("platformStatus.maintenance.banner")}</span>
        <Link
          to={MAINTENANCE_SETTING_PATH}
          className="font-semibold text-amber-200 underline underline-offset-4"
        >
          {t("platformStatus.maintenance.bannerLink")}
        </Link>
      </p>
    </aside>
  );
}
