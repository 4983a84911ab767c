import { useTranslation } from "react-i18next";
import { Logo } from "../../../components/ui/logo";
import { PageTitle } from "../../../components/ui/page-title";
import { useMe } from "../../../lib/session";

export function DashboardPage() {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const { data: me } = useMe();
  const title = tc("pages.dashboard");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <section className="relative overflow-hidden rounded-3xl border border-night-700 bg-gradient-to-br from-night-800 to-night-850 p-6">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-10 -top-10 size-48 animate-glow rounded-full bg-amber-400/15 blur-2xl"
        />
        <Logo className="relative size-14" />
        <h2 className="relative mt-4 text-xl font-semibold text-white">
          {t("dashboard.welcome", { nickname: me?.nickname ?? "" })}
        </h2>
        <p className="relative mt-2 text-muted">{t("dashboard.intro")}</p>
      </section>
    </div>
  );
}
