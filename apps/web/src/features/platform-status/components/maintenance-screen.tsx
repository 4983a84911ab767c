import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Logo } from "../../../components/ui/logo";
import { useFeatures } from "../hooks/use-features";

/**
 * FRE is in maintenance: what is happening, the admin's own words if any, and that the page
 * checks again by itself every minute (the app comes back on its own when it is over).
 */
export function MaintenanceScreen({
  message,
  signedIn,
}: {
  message: string | null;
  signedIn: boolean;
}) {
  const { t } = useTranslation("app");
  const features = useFeatures();
  return (
    <main
      id="main"
      tabIndex={-1}
      data-testid="maintenance-screen"
      className="grid min-h-dvh place-items-center px-5 py-10"
    >
      <div className="grid w-full max-w-md justify-items-center gap-5 text-center">
        <Logo />
        <h1 className="text-2xl font-bold text-white">{t("platformStatus.maintenance.title")}</h1>
        <p className="text-slate-300">{t("platformStatus.maintenance.text")}</p>
        {message ? (
          <figure className="grid w-full gap-1 rounded-2xl border border-night-700 bg-night-850 p-4 text-left">
            <figcaption className="text-xs font-semibold uppercase tracking-wide text-muted">
              {t("platformStatus.maintenance.fromTeam")}
            </figcaption>
            <blockquote
              dir="auto"
              className="break-words text-slate-100"
              data-testid="maintenance-message"
            >
              {message}
            </blockquote>
          </figure>
        ) : null}
        <p className="text-sm text-muted">{t("platformStatus.maintenance.polling")}</p>
        <Button onClick={() => features.refetch()} disabled={features.isFetching}>
          {features.isFetching
            ? t("platformStatus.maintenance.checking")
            : t("platformStatus.maintenance.retry")}
        </Button>
        {signedIn ? null : (
          <Link to="/login" className="text-sm text-slate-300 underline underline-offset-4">
            {t("platformStatus.maintenance.staffSignIn")}
          </Link>
        )}
      </div>
    </main>
  );
}
