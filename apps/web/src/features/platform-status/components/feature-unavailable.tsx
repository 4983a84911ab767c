import type { FeatureId } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";

/** A switched-off feature's screen: it is paused, nothing is lost, and a way on. */
export function FeatureUnavailable({ feature }: { feature: FeatureId }) {
  const { t } = useTranslation("app");
  const title = t(`platformStatus.unavailable.${feature}`);
  return (
    <div className="grid grid-cols-1 gap-5">
      <PageTitle title={title}>{title}</PageTitle>
      <section
        data-testid="feature-unavailable"
        className="grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-5"
      >
        <span className="w-fit rounded-full bg-amber-400/15 px-3 py-1 text-sm font-semibold text-amber-200">
          {t("platformStatus.unavailable.badge")}
        </span>
        <p className="text-slate-200">{t("platformStatus.unavailable.text")}</p>
        <Link to="/dashboard" className={buttonClasses("secondary", "md", "sm:w-fit")}>
          {t("platformStatus.unavailable.back")}
        </Link>
      </section>
    </div>
  );
}
